import type { Logger } from 'pino';
import sharp from 'sharp';
import type { Db } from '../store/database.js';
import { withDecodeSlot } from './decode-slots.js';
import { AVIF_EFFORT, MAX_IMAGE_PIXELS } from './image-limits.js';
import { type ImageMeta, readImageBytes } from './image-store.js';
import type { VariantFormat } from './negotiate-format.js';
import { VariantCache } from './variant-cache.js';
import type { VariantParameters } from './variant-parameters.js';

export type Variant = { width: number; quality: number; format: VariantFormat };

/** A variant never upscales: asking wider than the original gets the original's width. */
export function variantFor(
  image: ImageMeta,
  params: VariantParameters,
  format: VariantFormat,
): Variant {
  return { width: Math.min(params.width, image.width), quality: params.quality, format };
}

/** Strong: the same key always names the same bytes (the original never changes, rendering is deterministic). */
export function variantEtag(image: ImageMeta, variant: Variant): string {
  return `"${image.content_hash.slice(0, 24)}-${variant.width}-${variant.quality}-${variant.format}"`;
}

const cacheKey = (image: ImageMeta, v: Variant) =>
  `${image.id}-w${v.width}-q${v.quality}.${v.format}`;

export type ImageVariants = {
  /** The variant's bytes, from the disk cache or rendered now; undefined when the image is gone. */
  render(image: ImageMeta, variant: Variant): Promise<Buffer | undefined>;
  cacheSize(): { entries: number; bytes: number };
};

/**
 * Renders variants off the event loop (sharp runs on libuv's threads),
 * within the process's decode slots (`decode-slots.ts`); identical
 * concurrent requests share one render.
 */
export async function createImageVariants(p: {
  db: Db;
  cacheDir: string;
  cacheMaxBytes: number;
  logger: Pick<Logger, 'warn'>;
}): Promise<ImageVariants> {
  const cache = await VariantCache.open({
    dir: p.cacheDir,
    maxBytes: p.cacheMaxBytes,
    logger: p.logger,
  });
  const inFlight = new Map<string, Promise<Buffer | undefined>>();

  async function renderUncached(image: ImageMeta, variant: Variant, key: string) {
    const original = await readImageBytes(p.db, image.id);
    if (!original) return undefined;
    const data = await withDecodeSlot(() =>
      sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS })
        .resize({ width: variant.width, withoutEnlargement: true })
        .toFormat(variant.format, {
          quality: variant.quality,
          ...(variant.format === 'avif' && { effort: AVIF_EFFORT }),
        })
        .toBuffer(),
    );
    await cache.put(key, data);
    return data;
  }

  return {
    async render(image, variant) {
      const key = cacheKey(image, variant);
      const cached = await cache.get(key);
      if (cached) return cached;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = renderUncached(image, variant, key).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
    cacheSize: () => cache.size,
  };
}
