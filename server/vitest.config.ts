import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Hardhat nodes and servers per file: two at a time fits a 2-core machine.
    maxWorkers: 2,
    pool: 'forks',
  },
});
