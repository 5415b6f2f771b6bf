import { createServer, type Plugin } from 'vite';
// The package by its source path: Vite's config loader runs before any package is built.
import { SUPPORTED_LOCALES } from '../../packages/locales/src/index.ts';
import type { PrerenderedFirstPaint } from '../src/first-paint/prerender-first-paint.tsx';

/** Where the server finds the prerendered first paints, beside index.html. */
export const FIRST_PAINT_FILE = 'first-paint.json';

/**
 * Renders main.tsx's first paint of each kind of page in each locale to HTML
 * at build time (src/first-paint/prerender-first-paint.tsx, the same
 * components and catalogues, through Vite's own SSR loader rather than a
 * second build) and writes them to `first-paint.json` beside index.html: the
 * server puts the page's one into index.html's `#root`, so the content is on
 * screen when the HTML arrives instead of after the entry's download and
 * first render (docs/web-app.md, "The first paint in index.html").
 */
export function firstPaintPrerenderPlugin(): Plugin {
  let root = '';
  return {
    name: 'sigil:first-paint-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      const server = await createServer({
        root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { prerenderFirstPaint } = (await server.ssrLoadModule(
          '/src/first-paint/prerender-first-paint.tsx',
        )) as typeof import('../src/first-paint/prerender-first-paint.tsx');
        const pages: Record<string, PrerenderedFirstPaint> = {};
        // One at a time: Lingui's instance is shared, and each render reads the active locale.
        for (const locale of SUPPORTED_LOCALES) pages[locale] = await prerenderFirstPaint(locale);
        this.emitFile({ type: 'asset', fileName: FIRST_PAINT_FILE, source: JSON.stringify(pages) });
      } finally {
        await server.close();
      }
    },
  };
}
