import { constants } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { firstPaintPrerenderPlugin } from './build/first-paint-prerender-plugin.ts';
import { localeBootPlugin } from './build/locale-boot-plugin.ts';
import { rainbowKitLastLocaleWins } from './build/rainbowkit-last-locale-wins.ts';
import { rainbowKitLazyPlatform } from './build/rainbowkit-lazy-platform.ts';
import { createWalletStackChunkNamer } from './build/wallet-stack-chunks.ts';

// In development Vite serves the app and forwards the API to the Sigil server,
// so the browser sees one origin, as it does in production.
const serverUrl = process.env.SIGIL_SERVER_URL ?? 'http://127.0.0.1:3000';

/** Vendor groups of the first load: split by how often each changes, so a release reuses the others from cache. */
const initialVendorGroups = [
  // Lingui's runtime rides with React: the first paint's words come through it, and on a phone's
  // HTTP/1.1 every file of the first load more than six waits a round trip for a connection.
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|@lingui|@messageformat|js-sha256|@babel[\\/]runtime)[\\/]/,
    priority: 4,
  },
  {
    name: 'wallet',
    test: /node_modules[\\/](@rainbow-me|@vanilla-extract|wagmi|@wagmi|viem|ox|abitype|@noble|@scure|@tanstack|cuer|qr|react-remove-scroll[^\\/]*|use-callback-ref|use-sidecar|ua-parser-js|zustand|mipd|eventemitter3)[\\/]/,
    priority: 3,
  },
  {
    name: 'graphql',
    test: /node_modules[\\/](@apollo|graphql|graphql-ws|apollo3-cache-persist|@wry|optimism|zen-observable-ts|@graphql-typed-document-node|ts-invariant|tslib|symbol-observable)[\\/]/,
    priority: 2,
  },
];

export default defineConfig(({ mode }) => ({
  plugins: [
    // Lingui's macros (`t`, <Trans>, `msg`, plurals) become catalogue lookups at build time, and a
    // PO file imported as a module is compiled into its messages (docs/translations.md).
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    // Picks the locale before the first paint and fetches its catalogue beside the entry.
    localeBootPlugin(),
    // The first paint of each kind of page in each locale, as HTML for the server to put in
    // index.html (docs/web-app.md, "The first paint in index.html").
    firstPaintPrerenderPlugin(),
    // The wallet dialog ends in the language last chosen, however quickly languages change.
    rainbowKitLastLocaleWins(),
    // RainbowKit reads the operating system when it first needs it, not by parsing the whole
    // user agent as it loads (a long task on a phone).
    rainbowKitLazyPlatform(),
    // A brotli and a gzip copy beside each text file, compressed once at the highest levels;
    // the server sends the best one the browser accepts (docs/web-app.md, "First-visit delivery").
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  // Workspace packages (@sigil/*) are bundled from their TypeScript sources
  // (their `source` export condition): the app never waits on their dist/.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // The dev server pre-bundles RainbowKit: the same transform runs there.
  optimizeDeps: {
    rolldownOptions: { plugins: [rainbowKitLastLocaleWins(), rainbowKitLazyPlatform()] },
  },
  // Apollo Client drops its development-only checks and messages when this is false.
  define: mode === 'production' ? { 'globalThis.__DEV__': 'false' } : {},
  server: {
    host: 'localhost',
    port: 5173,
    strictPort: true,
    proxy: {
      '/graphql': { target: serverUrl, ws: true },
      '/api': { target: serverUrl },
      // The chains, read through the server (PUBLIC_URL is this origin in development).
      '/rpc': { target: serverUrl },
    },
  },
  // The proof's signature recovery runs in a module worker (src/proof/recover-off-main-thread.ts);
  // viem loads the curve code with a dynamic import there too.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // `npm run build` passes a fresh folder of its own (--outDir, scripts/build/build-parts.ts):
    // web/dist is a symlink to the build running instances serve, never written into
    // (docs/operations.md, "Builds and restarts"). A bare `vite build` lands here instead.
    outDir: 'dist-vite',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only modules the first page needs are grouped; everything reached through a
          // dynamic import (pages, WalletConnect, wallet SDKs) stays in its own lazy chunk.
          groups: [
            ...initialVendorGroups.map((group) => ({ ...group, tags: ['$initial' as const] })),
            // Sign In With Solana's parser, formatter and base58 in a chunk of their own: left to
            // itself the bundler puts every shared module of @sigil/siwe into one chunk, and an
            // Ethereum-only /u or /verify downloaded the Solana code with it (docs/web-app.md,
            // "Solana wallets").
            {
              name: 'siws',
              test: /packages[\\/]siwe[\\/](src[\\/](solana[\\/](?!verify-solana-signature)|message[\\/](parse-siws|format-siws|siws-|invalid-siws))|node_modules[\\/]@scure[\\/]base)/,
              priority: 2,
              // What they share with the EIP-4361 code (errors, the line reader) stays out of it.
              includeDependenciesRecursively: false,
            },
            // What loads after the first paint, in two files rather than about twenty.
            {
              name: createWalletStackChunkNamer(),
              debugName: 'wallet-stack',
              priority: 1,
              // Its dependencies in the entry stay there: the entry never waits for the stack.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
