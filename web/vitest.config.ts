import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // Workspace packages (@sigil/*) from their TypeScript sources, as the app bundles them.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    environment: 'jsdom',
    // End-to-end specs live in e2e/ and run in a real browser, not here.
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A failure bound, not a budget: above the 10 s findBy* bound of src/test/setup.ts.
    testTimeout: 20_000,
    restoreMocks: true,
    server: {
      deps: {
        // Loaded by Node, graphql-ws's server would get graphql's CommonJS build while the
        // tests get its ES build: two graphql realms that refuse each other's schemas.
        inline: ['graphql-ws'],
      },
    },
  },
});
