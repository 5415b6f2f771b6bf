import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { failureBound } from '../testing/failure-bound';
import { workspacePackageSources } from '../testing/workspace-package-sources';
import { filesThatMock } from './test/support/files-that-mock';

const require = createRequire(import.meta.url);

// testing/ is the harness the server's tests share, scripts/build/ what builds and starts it,
// scripts/imports/ what counts the imports; their own tests run here.
const TEST_FOLDERS = [
  'src',
  'test',
  '../testing',
  '../scripts/build',
  '../scripts/first-start',
  '../scripts/imports',
];
const isolated = filesThatMock(fileURLToPath(new URL('.', import.meta.url)), TEST_FOLDERS);

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
    // A worker keeps the modules it imported from one file to the next: importing the server
    // and its dependencies again for each of 150 files was about as much CPU as the tests
    // themselves (docs/testing.md, "Where the time goes"). Each file still starts its own
    // servers, databases and clocks. The files that replace a module with vi.mock run isolated.
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: TEST_FOLDERS.map((folder) => `${folder}/**/*.test.ts`),
          exclude: [...configDefaults.exclude, ...isolated],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'server (isolated)', include: isolated } },
    ],
  },
});
