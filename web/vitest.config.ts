import { availableParallelism } from 'node:os';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { failureBound } from '../testing/failure-bound';
import { workspacePackageSources } from '../testing/workspace-package-sources';

export default defineConfig({
  // Lingui's macros and PO catalogues as the build has them (vite.config.ts).
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
  // @sigil/* from their sources (testing/workspace-package-sources.ts says why).
  resolve: { alias: workspacePackageSources() },
  test: {
    environment: 'jsdom',
    // End-to-end specs live in e2e/ and run in a real browser, not here.
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // A failure bound, not a budget: above the 10 s findBy* bound of src/test/setup.ts.
    testTimeout: failureBound(20_000),
    restoreMocks: true,
    // A worker per core. Vitest's default in a run is one fewer: one on a 2-core machine, where
    // the suite then used half the CPU it could (docs/testing.md, "Where the time goes").
    maxWorkers: availableParallelism(),
    server: {
      deps: {
        // Loaded by Node, graphql-ws's server would get graphql's CommonJS build while the
        // tests get its ES build: two graphql realms that refuse each other's schemas.
        inline: ['graphql-ws'],
      },
    },
  },
});
