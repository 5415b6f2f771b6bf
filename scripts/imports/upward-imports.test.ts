import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { floorOf, upwardImports } from './upward-imports.js';

describe('upwardImports', () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'sigil-upward-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('puts each file on its floor', () => {
    expect(floorOf('store/database.ts')).toBe('bottom');
    expect(floorOf('errors.ts')).toBe('bottom');
    expect(floorOf('graphql/generated/schema-enums.ts')).toBe('bottom');
    expect(floorOf('roles/held-roles.ts')).toBe('roles');
    expect(floorOf('events/account-events.ts')).toBe('platform');
    expect(floorOf('services.ts')).toBe('platform');
    expect(floorOf('auth/sign-in.ts')).toBe('modules');
    expect(floorOf('auth/auth-resolvers.ts')).toBe('request layer');
    expect(floorOf('oidc/interaction-routes.ts')).toBe('request layer');
    expect(floorOf('images/serve-images.ts')).toBe('request layer');
    expect(floorOf('graphql/context.ts')).toBe('request layer');
    expect(floorOf('http/cookies.ts')).toBe('request layer');
    expect(floorOf('auth/auth-module.ts')).toBe('composition root');
    expect(floorOf('auth/signature/signature-module.ts')).toBe('composition root');
    expect(floorOf('modules.ts')).toBe('composition root');
    expect(floorOf('app.ts')).toBe('composition root');
  });

  it('lists the imports from a lower floor to a higher one, type-only ones too, and no other', () => {
    write('errors.ts', "import { x } from './graphql/context.js';\n");
    write(
      'auth/sign-in.ts',
      "import type { C } from '../graphql/context.js';\nimport { s } from '../store/db.js';\n",
    );
    write(
      'auth/auth-resolvers.ts',
      "import { signIn } from './sign-in.js';\nimport '../graphql/context.js';\n",
    );
    write('events/account-events.ts', "import type { W } from '../accounts/wallet.js';\n");
    write('graphql/context.ts', "import type { M } from '../sigil-module.js';\n");
    write('auth/sign-in.test.ts', "import { app } from '../app.js';\n");
    write('graphql/generated/types.ts', "import type { M } from '../../modules.js';\n");
    expect(upwardImports(root)).toEqual([
      'auth/sign-in.ts -> graphql/context.ts',
      'errors.ts -> graphql/context.ts',
      'events/account-events.ts -> accounts/wallet.ts',
      'graphql/context.ts -> sigil-module.ts',
    ]);
  });
});
