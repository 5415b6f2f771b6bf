import type { Logger } from 'pino';
import type { RateLimiter } from '../auth/rate-limit/rate-limiter.js';
import type { Db } from '../store/database.js';
import { encodeVariant } from './encode-variant.js';
import { MAX_IMAGE_PIXELS, tooManyPixelsMessage } from './image-limits.js';
import { createImageQueues, type ImageQueues } from './image-queues.js';
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

/** A stored original above MAX_IMAGE_PIXELS (kept from before the limit was lowered): never decoded. */
export class ImageTooLargeError extends Error {
  override readonly name = 'ImageTooLargeError';
  constructor(image: ImageMeta) {
    super(tooManyPixelsMessage('image', image.width, image.height));
  }
}

/**
 * Throws ImageTooLargeError for an original above MAX_IMAGE_PIXELS. The
 * row's size is the stored original's own (ingest-image.ts wrote it), so this
 * needs no byte of it.
 */
export function assertRenderable(image: ImageMeta): void {
  if (image.width * image.height > MAX_IMAGE_PIXELS) throw new ImageTooLargeError(image);
}

export type ImageVariants = {
  /** The variant's bytes from the disk cache, or undefined: what a request costs nothing to answer. */
  cached(image: ImageMeta, variant: Variant): Promise<Buffer | undefined>;
  /**
   * The variant's bytes, from the disk cache or rendered now; undefined when
   * the image is gone. Throws ImageTooLargeError, or QueueFullError when the
   * renders queue is full.
   */
  render(image: ImageMeta, variant: Variant): Promise<Buffer | undefined>;
  cacheSize(): { entries: number; bytes: number };
  /** The process's decode lines: uploads use one, renders the other. */
  queues: ImageQueues;
  /** Counts uncached renders per client (IMAGE_RENDERS_PER_MINUTE); the route asks it. */
  renderLimiter: RateLimiter;
  close(): Promise<void>;
};

/**
 * Renders variants off the event loop (sharp runs on libuv's threads), in
 * the renders queue (`image-queues.ts`), charged the original's pixels;
 * identical concurrent requests share one render.
 */
export async function createImageVariants(p: {
  db: Db;
  cacheDir: string;
  cacheMaxBytes: number;
  logger: Pick<Logger, 'warn'>;
  renderLimiter: RateLimiter;
  queues?: ImageQueues;
}): Promise<ImageVariants> {
  const queues = p.queues ?? createImageQueues();
  const cache = await VariantCache.open({
    dir: p.cacheDir,
    maxBytes: p.cacheMaxBytes,
    logger: p.logger,
  });
  const inFlight = new Map<string, Promise<Buffer | undefined>>();

  async function renderUncached(image: ImageMeta, variant: Variant, key: string) {
    // A place in line is taken before the original is read, so a full line
    // refuses at once and the originals held in memory are as bounded as the line.
    const data = await queues.renders.run(image.width * image.height, async () => {
      const original = await readImageBytes(p.db, image.id);
      if (!original) return undefined;
      return encodeVariant({ original, ...variant });
    });
    if (data) await cache.put(key, data);
    return data;
  }

  return {
    cached: (image, variant) => cache.get(cacheKey(image, variant)),
    async render(image, variant) {
      const key = cacheKey(image, variant);
      const cached = await cache.get(key);
      if (cached) return cached;
      assertRenderable(image);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = renderUncached(image, variant, key).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
    cacheSize: () => cache.size,
    queues,
    renderLimiter: p.renderLimiter,
    close: () => p.renderLimiter.close(),
  };
}
