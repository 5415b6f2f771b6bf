import { escapeHtml } from '../html/escape-html.js';
import type { PageTranslator } from '../i18n/page-catalogues.js';

/**
 * A page of the provider's own (sign-out, errors), in the visitor's language
 * and direction, self-contained: the system's fonts, the style inline (the
 * CSP allows inline styles, not scripts), logical properties so Arabic lays
 * out right to left with no rule of its own. `title` is plain text; `body` is
 * HTML its caller has escaped.
 */
export function providerPage(translator: PageTranslator, title: string, body: string): string {
  return `<!doctype html>
<html lang="${translator.lang}" dir="${translator.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-inline-size:28rem;margin-block:4rem;margin-inline:auto;padding-inline:1rem;color:#1b1b2f}
button{font:inherit;padding-block:.5rem;padding-inline:1rem;margin-inline-end:.5rem;border-radius:.5rem;border:1px solid #4338ca;background:#4338ca;color:#fff;cursor:pointer}
button[value="no"]{background:#fff;color:#4338ca}
code{overflow-wrap:anywhere}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
