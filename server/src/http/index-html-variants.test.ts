import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadPageCatalogues } from '../i18n/page-catalogues.js';
import { indexHtmlVariants } from './index-html-variants.js';

const INDEX =
  '<!doctype html><html lang="en-US" dir="ltr"><head><meta name="description" content="x" /></head></html>';

describe('indexHtmlVariants', () => {
  it('renders and compresses a locale once, then hands out the same bodies', () => {
    const variants = indexHtmlVariants(INDEX, loadPageCatalogues());
    const first = variants.variantFor('th-TH');
    expect(variants.variantFor('th-TH')).toBe(first);
    expect(brotliDecompressSync(first.bodies.br).toString()).toBe(first.html);
    expect(variants.variantFor('en-US').html).toBe(INDEX);
  });
});
