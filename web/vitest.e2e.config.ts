import { defineConfig } from 'vitest/config';
import { failureBound } from '../testing/failure-bound';

/**
 * End-to-end suite: real Chromium, the built server, real Hardhat nodes.
 * Run from web/: `vitest run -c vitest.e2e.config.ts`.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    // One server and one set of chains serve every file; browsers are heavy on two cores.
    fileParallelism: false,
    // Failure bounds, stretched on a loaded machine (testing/failure-bound.ts).
    testTimeout: failureBound(60_000),
    hookTimeout: failureBound(60_000),
    // `expect.poll` waits until its condition holds; past the bound the test fails (Vitest's own
    // default is 1 s, whatever the load).
    expect: { poll: { timeout: failureBound(10_000) } },
  },
});
