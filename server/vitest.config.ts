import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // Node loads graphql's CommonJS build (package "main"); Vite would pick its
    // .mjs build ("module") for our sources. Two copies of graphql refuse each
    // other's types, so tests use the one production uses.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/postgres-schemas.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Hardhat nodes and servers per file: two at a time fits a 2-core machine.
    maxWorkers: 2,
    pool: 'forks',
  },
});
