import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '../graphql/upload-limit.js';

/** The image facility's constants: the variants it serves and the uploads it accepts. */

/** Widths a variant may have, in the specification's order. */
export const IMAGE_WIDTHS = [640, 768, 1024, 1280, 1600, 128, 256, 384, 512] as const;
export const IMAGE_QUALITIES = [40, 50, 75, 85, 90, 95] as const;
export const DEFAULT_IMAGE_QUALITY = 75;

/** The largest upload accepted: the GraphQL transport's limit (graphql/upload-limit.ts). */
export const MAX_IMAGE_BYTES = MAX_UPLOAD_BYTES;
/** What a client is told of a file over MAX_IMAGE_BYTES, however far over it is. */
export const IMAGE_TOO_LARGE_MESSAGE = UPLOAD_TOO_LARGE_MESSAGE;
/**
 * The most pixels an image may decode to, read from its header: anything
 * larger is refused before decoding (a decompression bomb: the security
 * review's 1,010-byte AVIF declared 40 megapixels and took 10 s to ingest).
 * 16 megapixels admits a phone camera's usual 12-megapixel photo
 * (4032×3024) and any screen capture straight from the device, while an
 * avatar is never shown wider than 1,600 px (IMAGE_WIDTHS): more pixels buy
 * nothing. One decode of this size holds 64 MB (RGBA).
 */
export const MAX_IMAGE_PIXELS = 16_000_000;

/** The sentence a refused image gets, upload or stored original alike. */
export const tooManyPixelsMessage = (subject: string, width: number, height: number) =>
  `${subject} is ${width}×${height} pixels: images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;

/**
 * The most bytes one variant may have (encode-variant.ts): what an anonymous
 * GET /images/<id> can make the server send. A 1,600-px photo at quality 95
 * is about 0.3 MB in WebP; only an original made to compress badly comes near.
 */
export const MAX_VARIANT_BYTES = 1024 * 1024;

/** Renders (and uploads) waiting for a decode beyond these are refused at once (pixel-queue.ts). */
export const RENDER_QUEUE_LENGTH = 32;
export const UPLOAD_QUEUE_LENGTH = 16;
/**
 * Uploads one client (its address, as the rate limits count it) may have
 * waiting or running at once; its next one is refused as busy at once, so a
 * client sending expensive images holds two places, never the whole line
 * (pixel-queue.ts starts the next job fairly between clients).
 */
export const UPLOADS_PER_CLIENT = 2;
/**
 * What a client refused by a full queue is told to wait, in seconds: about
 * what the line in front of it takes to clear on a small machine.
 */
export const IMAGE_BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * A variant's bytes never change (an image id names one upload, never
 * replaced), so caches may keep it for a year. The specification's minimum is 60 s.
 */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * AVIF encoder effort (0–9). sharp's default, 4, took 10 s for one 1600-px
 * variant of a photo on this project's busy 2-core machine; effort 1 took
 * 0.25 s for a file about the same size (within 10 %). A cold variant is
 * rendered while someone waits for it.
 */
export const AVIF_EFFORT = 1;
