import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { failureBound } from '../testing/failure-bound';
import { workspacePackageSources } from '../testing/workspace-package-sources';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    alias: [
      // @sigil/* from their sources (testing/workspace-package-sources.ts says why).
      ...workspacePackageSources(),
      // Node loads graphql's CommonJS build (package "main"); Vite would pick its
      // .mjs build ("module") for our sources. Two copies of graphql refuse each
      // other's types, so tests use the one production uses.
      { find: /^graphql$/, replacement: require.resolve('graphql') },
    ],
  },
  test: {
    // testing/ is the harness the server's tests share, scripts/build/ what builds and starts it,
    // scripts/imports/ what counts the imports;
    // their own tests run here.
    include: [
      'src/**/*.test.ts',
      'test/**/*.test.ts',
      '../testing/**/*.test.ts',
      '../scripts/build/**/*.test.ts',
      '../scripts/first-start/**/*.test.ts',
      '../scripts/imports/**/*.test.ts',
    ],
    globalSetup: [
      'test/support/workspace-packages.global-setup.ts',
      'test/support/page-catalogues.global-setup.ts',
      'test/support/postgres-schemas.global-setup.ts',
    ],
    // Failure bounds, stretched on a loaded machine (testing/failure-bound.ts).
    testTimeout: failureBound(30_000),
    hookTimeout: failureBound(90_000),
    // Hardhat nodes and servers per file: two at a time fits a 2-core machine.
    maxWorkers: 2,
    pool: 'forks',
  },
});
