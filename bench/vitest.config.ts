import { defineConfig } from 'vitest/config';

// The benches' own helpers, whose mistakes would not fail anything but would
// print wrong figures: `npx vitest run --config bench/vitest.config.ts`.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.test.ts'],
    exclude: ['.starter/**', 'results/**', 'node_modules/**'],
  },
});
