import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * A workspace package (@sigil/siwe, …) from its TypeScript sources, the file
 * its `source` export condition names, so a test runs the code as it is.
 * Aliased rather than resolved with `ssr.resolve.conditions`: Vitest passes
 * those conditions to its processes as Node's --conditions, which the
 * signature verifier's worker threads inherit, and a worker thread is plain
 * Node that cannot load TypeScript. Worker threads and child processes load
 * the package's dist/, which the first global setup below rebuilds when stale.
 */
function sourceOf(directory: string) {
  const root = new URL(`../packages/${directory}/`, import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
  return {
    find: new RegExp(`^${manifest.name}$`),
    replacement: fileURLToPath(new URL(manifest.exports['.'].source, root)),
  };
}

export default defineConfig({
  resolve: {
    alias: [
      sourceOf('siwe'),
      sourceOf('profile-rules'),
      // Node loads graphql's CommonJS build (package "main"); Vite would pick its
      // .mjs build ("module") for our sources. Two copies of graphql refuse each
      // other's types, so tests use the one production uses.
      { find: /^graphql$/, replacement: require.resolve('graphql') },
    ],
  },
  test: {
    // testing/ is the harness the server's tests share; its own tests run here.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../testing/**/*.test.ts'],
    globalSetup: [
      'test/support/workspace-packages.global-setup.ts',
      'test/support/postgres-schemas.global-setup.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Hardhat nodes and servers per file: two at a time fits a 2-core machine.
    maxWorkers: 2,
    pool: 'forks',
  },
});
