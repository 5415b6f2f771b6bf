/** The image facility's constants: the variants it serves and the uploads it accepts. */

/** Widths a variant may have, in the specification's order. */
export const IMAGE_WIDTHS = [640, 768, 1024, 1280, 1600, 128, 256, 384, 512] as const;
export const IMAGE_QUALITIES = [40, 50, 75, 85, 90, 95] as const;
export const DEFAULT_IMAGE_QUALITY = 75;

/** The largest upload accepted. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** What a client is told of a file over MAX_IMAGE_BYTES, however far over it is. */
export const IMAGE_TOO_LARGE_MESSAGE = `file must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB.`;
/** The most pixels an image may decode to: a decompression bomb is refused before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000;

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
