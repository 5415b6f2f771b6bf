import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Locale } from '@sigil/locales';
import type { PageCatalogues } from '../i18n/page-catalogues.js';
import { type FirstPaintPage, type FirstPaints, withFirstPaint } from './first-paint-html.js';
import { localizeIndexHtml } from './localized-index-html.js';
import type { PageEncoding } from './preferred-encoding.js';

export type IndexHtmlVariant = {
  html: string;
  /** The page as sent: as it is, or compressed once, at the build's levels. */
  bodies: Record<PageEncoding | 'identity', Buffer>;
  etag: string;
};

/**
 * index.html in each locale (localized-index-html.ts), rendered and
 * compressed once per process, the first time a visitor in that locale asks:
 * at most 19 variants, each brotli 11 and gzip 9 like the build's own files,
 * so no request compresses index.html (docs/web-app.md, "First-visit delivery").
 * With the web build's first paints, one variant per locale and kind of page,
 * each with that page's first paint in it (first-paint-html.ts): at most 95.
 */
export function indexHtmlVariants(
  indexHtml: string,
  catalogues: PageCatalogues,
  firstPaints: FirstPaints | null = null,
) {
  const variants = new Map<string, IndexHtmlVariant>();
  return {
    variantFor(locale: Locale, page: FirstPaintPage = 'other'): IndexHtmlVariant {
      const key = firstPaints ? `${locale} ${page}` : locale;
      let variant = variants.get(key);
      if (!variant) {
        const html = withFirstPaint(
          localizeIndexHtml(indexHtml, catalogues.translatorFor(locale)),
          firstPaints?.[locale]?.[page],
        );
        const identity = Buffer.from(html);
        variant = {
          html,
          bodies: {
            identity,
            br: brotliCompressSync(identity, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
              },
            }),
            gzip: gzipSync(identity, { level: 9 }),
          },
          // Weak: the same page in each encoding.
          etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
        };
        variants.set(key, variant);
      }
      return variant;
    },
  };
}
