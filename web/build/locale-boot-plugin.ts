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
      const source = localeBootScript({ catalogues, loadingTexts });
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
