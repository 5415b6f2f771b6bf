import sharp from 'sharp';
import {
  AVIF_EFFORT,
  IMAGE_QUALITIES,
  MAX_IMAGE_PIXELS,
  MAX_VARIANT_BYTES,
} from './image-limits.js';
import type { VariantFormat } from './negotiate-format.js';

export type EncodeVariantParameters = {
  original: Buffer;
  width: number;
  quality: number;
  format: VariantFormat;
};

const LOSSLESS: ReadonlySet<VariantFormat> = new Set(['png']);
const LOWEST_QUALITY = Math.min(...IMAGE_QUALITIES);

function encode(original: Buffer, width: number, quality: number, format: VariantFormat) {
  return sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS })
    .resize({ width, withoutEnlargement: true })
    .toFormat(format, { quality, ...(format === 'avif' && { effort: AVIF_EFFORT }) })
    .toBuffer();
}

/**
 * A variant's bytes, never more than MAX_VARIANT_BYTES: anyone may ask for
 * any variant of a public avatar, so a variant is what an anonymous request
 * of a few hundred bytes gets back (docs/profiles.md, "Limits"). An ordinary
 * picture is far below the bound at every width and quality and is encoded
 * once, as asked. An original made to compress badly (noise: the security
 * review's 1,600-px AVIF at quality 95 was 2.2 MB) is encoded again at the
 * lowest quality and then at half the width, until it fits. The same request
 * always takes the same steps, so a variant's bytes stay the same for its
 * cache key and its strong ETag (image-variants.ts).
 */
export async function encodeVariant(p: EncodeVariantParameters): Promise<Buffer> {
  let width = p.width;
  let quality = p.quality;
  for (;;) {
    const data = await encode(p.original, width, quality, p.format);
    if (data.length <= MAX_VARIANT_BYTES || width === 1) return data;
    if (!LOSSLESS.has(p.format) && quality > LOWEST_QUALITY) quality = LOWEST_QUALITY;
    else width = Math.max(1, Math.floor(width / 2));
  }
}
