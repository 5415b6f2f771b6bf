import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Locale } from '@sigil/locales';
import type { PageCatalogues } from '../i18n/page-catalogues.js';
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
 */
export function indexHtmlVariants(indexHtml: string, catalogues: PageCatalogues) {
  const variants = new Map<Locale, IndexHtmlVariant>();
  return {
    variantFor(locale: Locale): IndexHtmlVariant {
      let variant = variants.get(locale);
      if (!variant) {
        const html = localizeIndexHtml(indexHtml, catalogues.translatorFor(locale));
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
        variants.set(locale, variant);
      }
      return variant;
    },
  };
}
