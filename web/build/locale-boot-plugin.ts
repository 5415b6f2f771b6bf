import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
// The package by its source path: Vite's config loader runs before any package is built.
import {
  readPoCatalogue,
  SOURCE_LOCALE,
  SUPPORTED_LOCALES,
  translationIn,
} from '../../packages/locales/src/index.ts';
import { localeBootScript } from './locale-boot-script.ts';

const CATALOGUE = /[\\/]locales[\\/]([^\\/]+)[\\/]messages\.po(?:\?.*)?$/;
/** The source text of index.html's loading line (src/i18n/boot-text.ts). */
const LOADING_SOURCE = 'Loading Sigil…';

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const FETCH_PRELOAD =
  /\s*<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" \/>/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/g;

/**
 * index.html without its scripts' tags, for the startup script to load them
 * once the first paint is on screen, and with the entry's stylesheet inline,
 * so that paint waits for no request but the HTML (docs/web-app.md, "The
 * first paint in index.html"). `afterPaint` is null when it has no entry.
 */
export function loadAfterFirstPaint(
  html: string,
  bundle: Record<string, { type: string; source?: unknown }>,
) {
  const hrefs = (pattern: RegExp) => [...html.matchAll(pattern)].map(([, href = '']) => href);
  const [entry] = hrefs(ENTRY);
  const afterPaint =
    entry === undefined
      ? null
      : { modules: hrefs(MODULE_PRELOAD), fetches: hrefs(FETCH_PRELOAD), entry };
  const page = html
    .replace(ENTRY, '')
    .replace(MODULE_PRELOAD, '')
    .replace(FETCH_PRELOAD, '')
    .replace(STYLESHEET, (tag, fileName: string) => {
      const css = bundle[fileName]?.source;
      // Nothing in it may end the element early.
      if (typeof css !== 'string' || /<\/style/i.test(css)) return tag;
      return `<style>${css}</style>`;
    });
  return { html: page, afterPaint };
}

const catalogueFile = (locale: string) =>
  fileURLToPath(new URL(`../src/locales/${locale}/messages.po`, import.meta.url));

/**
 * Writes the startup script of build/locale-boot-script.ts into index.html's
 * head, inline and first thing: on a phone's HTTP/1.1 a script file of its
 * own was one more request before the first paint. The page's
 * Content-Security-Policy allows no other inline script: the server adds
 * this one's hash to index.html's (docs/web-app.md, "First-visit delivery").
 * Only for builds: in development main.tsx picks the locale itself.
 */
export function localeBootPlugin(): Plugin {
  return {
    name: 'sigil:locale-boot',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const catalogues: Record<string, string> = {};
      for (const file of Object.values(bundle)) {
        const locale = file.type === 'chunk' && file.facadeModuleId?.match(CATALOGUE)?.[1];
        if (locale) catalogues[locale] = `/${file.fileName}`;
      }
      const missing = SUPPORTED_LOCALES.filter(
        (locale) => locale !== SOURCE_LOCALE && !catalogues[locale],
      );
      if (missing.length > 0) {
        this.error(
          `no catalogue chunk for ${missing.join(', ')}: is each a dynamic import of its own?`,
        );
      }
      const loadingTexts: Record<string, string> = {};
      for (const locale of SUPPORTED_LOCALES) {
        const catalogue = readPoCatalogue(readFileSync(catalogueFile(locale), 'utf8'));
        const text = translationIn(catalogue, { message: LOADING_SOURCE });
        if (text) loadingTexts[locale] = text;
      }
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') {
        this.error('index.html is not in the bundle yet');
      }
      const { html: page, afterPaint } = loadAfterFirstPaint(html.source, bundle);
      html.source = page;
      if (afterPaint === null) this.error('index.html has no entry script to load after its paint');
      const source = localeBootScript({ catalogues, loadingTexts, afterPaint });
      // Inline, so the first paint waits for no request of its own; the server allows it by its
      // hash (server/src/http/inline-script-hashes.ts). Nothing in it may end the element early.
      if (/<\/script|<!--/i.test(source)) {
        this.error('the startup script holds "</script" or "<!--": it cannot be inlined');
      }
      const script = `<script>${source.trim()}</script>`;
      if (!html.source.includes('<meta charset="UTF-8" />')) {
        this.error('index.html has no <meta charset> to put the startup script after');
      }
      html.source = html.source.replace(
        '<meta charset="UTF-8" />',
        () => `<meta charset="UTF-8" />\n    ${script}`,
      );
    },
  };
}
