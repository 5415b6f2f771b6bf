import { SOURCE_LOCALE } from '@sigil/locales';
import { escapeHtml } from '../html/escape-html.js';
import type { PageTranslator } from '../i18n/page-catalogues.js';
import { INDEX_PAGE_MESSAGES as M } from '../i18n/page-messages.js';

const HTML_TAG = /<html\b[^>]*>/i;
const DESCRIPTION =
  /(<meta\s+(?:name="description"|property="og:description")\s+content=")[^"]*(")/gi;

/**
 * index.html in a locale, for a reader that runs no script (a crawler, a link
 * preview) as much as for the first paint: `<html lang dir>`, the description
 * (and og:description, if the build has one) and the loading line (the
 * `--boot-text` the `.boot` rule shows, set as the startup script sets it,
 * web/build/locale-boot-script.ts). The startup script still runs and, where
 * the browser remembers another choice, wins. English is the build's own
 * file, byte for byte (docs/web-app.md, "index.html in the visitor's language").
 */
export function localizeIndexHtml(indexHtml: string, translator: PageTranslator): string {
  if (translator.locale === SOURCE_LOCALE) return indexHtml;
  const bootText = escapeHtml(`--boot-text: ${JSON.stringify(translator.t(M.loading))}`);
  const description = escapeHtml(translator.t(M.description));
  // Every replacement is a function: a translation's `$&` must stay as it is.
  return indexHtml
    .replace(
      HTML_TAG,
      () => `<html lang="${translator.lang}" dir="${translator.dir}" style="${bootText}">`,
    )
    .replace(DESCRIPTION, (_match, start: string, end: string) => `${start}${description}${end}`);
}
