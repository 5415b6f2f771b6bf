import { describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.js';
import { portMismatchWarning } from './port-mismatch-warning.js';

const warningFor = (env: Record<string, string>) =>
  portMismatchWarning(loadConfig({ DATABASE_URL: 'sqlite::memory:', ...env }));

describe('portMismatchWarning', () => {
  it('names the origin sign-in accepts when PORT is not the port of a local PUBLIC_URL', () => {
    expect(warningFor({ PORT: '4000' })).toBe(
      'PORT is 4000 but PUBLIC_URL is http://localhost:3000: sign-in accepts only messages for http://localhost:3000; set PUBLIC_URL=http://localhost:4000 to open the app on this port',
    );
    expect(warningFor({ PORT: '4000', PUBLIC_URL: 'http://127.0.0.1' })).toContain(
      'set PUBLIC_URL=http://127.0.0.1:4000',
    );
    expect(warningFor({ PORT: '4000', PUBLIC_URL: 'http://[::1]:3000' })).toContain(
      'PUBLIC_URL is http://[::1]:3000',
    );
  });

  it.each([
    ['the defaults', {}],
    ['the same port', { PORT: '4000', PUBLIC_URL: 'http://localhost:4000' }],
    ['the scheme default port', { PORT: '80', PUBLIC_URL: 'http://localhost' }],
    ['a public host (a proxy in front)', { PORT: '4000', PUBLIC_URL: 'https://sigil.example' }],
    ['a declared proxy', { PORT: '4000', TRUST_PROXY: '1' }],
    [
      "development (npm run dev's Vite in front)",
      { PORT: '3000', NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:5173' },
    ],
  ])('says nothing for %s', (_label, env) => {
    expect(warningFor(env)).toBeUndefined();
  });
});
