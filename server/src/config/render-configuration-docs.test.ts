import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { environmentVariables } from './environment-schema.js';
import {
  renderConfigurationDocs,
  WRITE_CONFIGURATION_DOCS_COMMAND,
} from './render-configuration-docs.js';

// docs/configuration.md is rendered from environment-schema.ts, never edited:
// a variable added or changed without rendering the page again fails here.

describe('docs/configuration.md', () => {
  it('is what environment-schema.ts renders to', () => {
    const path = fileURLToPath(new URL('../../../docs/configuration.md', import.meta.url));
    expect(
      readFileSync(path, 'utf8'),
      `docs/configuration.md is out of date: run \`${WRITE_CONFIGURATION_DOCS_COMMAND}\` and commit it`,
    ).toBe(renderConfigurationDocs());
  });

  it('has one row per variable, in the order of the schema', () => {
    const names = renderConfigurationDocs()
      .split('\n')
      .flatMap((line) => /^\| `([A-Z][A-Za-z0-9_<>]*)` \|/.exec(line)?.[1] ?? []);
    expect(names).toEqual(Object.keys(environmentVariables));
  });

  it('shows a default as the operator writes it, and unset variables in parentheses', () => {
    const page = renderConfigurationDocs();
    expect(page).toContain('| `PORT` | `3000` | the port the server listens on |');
    expect(page).toMatch(/^\| `TRUST_PROXY` \| \(off\) \| /m);
    expect(page).toMatch(/^\| `REDIS_URL` \| \(none\) \| /m);
  });
});
