import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { RateLimitedError } from '../errors.js';
import { ImageRejectedError } from './image-errors.js';
import {
  AVIF_EFFORT,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  tooManyPixelsMessage,
} from './image-limits.js';
import type { StoredImageFormat } from './image-table.js';
import { type PixelQueue, QueueFullError } from './pixel-queue.js';
import { sniffImageFormat } from './sniff-image-format.js';

export type IngestedImage = {
  format: StoredImageFormat;
  bytes: Buffer;
  width: number;
  height: number;
  contentHash: string;
};

const MiB = 1024 * 1024;
const ACCEPTED = 'PNG, JPEG, WebP, GIF or AVIF';

/** What sharp's header reading must agree on for each sniffed format. */
const SHARP_FORMATS: Record<string, string[]> = {
  png: ['png'],
  jpeg: ['jpeg'],
  gif: ['gif'],
  webp: ['webp'],
  avif: ['heif'],
};

/**
 * An upload as it is stored: judged by its bytes alone (never its name or
 * declared type), its size read from the header and refused above
 * MAX_IMAGE_PIXELS before anything is decoded, then decoded once (a GIF's
 * first frame) in the uploads queue (`image-queues.ts`), charged its pixels,
 * turned upright by its EXIF orientation and re-encoded without any metadata
 * (EXIF, GPS, XMP, ICC comments). GIFs are kept as PNG. A full queue, or
 * `client` holding its share of it already, is RATE_LIMITED with
 * `retryAfterSeconds` and a message saying the queue is busy, at once.
 */
export async function ingestImage(
  bytes: Uint8Array,
  { queue, client }: { queue: PixelQueue; client: string },
): Promise<IngestedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new ImageRejectedError(`file must be at most ${MAX_IMAGE_BYTES / MiB} MiB.`);
  }
  const sniffed = sniffImageFormat(bytes);
  if (sniffed === 'svg') {
    throw new ImageRejectedError(`file is an SVG image: upload a ${ACCEPTED} image instead.`);
  }
  if (sniffed === 'unknown') {
    throw new ImageRejectedError(`file is not a ${ACCEPTED} image.`);
  }
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  // Header only: sharp's metadata() reads dimensions without decoding pixels.
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new ImageRejectedError(`file is not a readable ${ACCEPTED} image.`, { cause });
  }
  if (!SHARP_FORMATS[sniffed]?.includes(metadata.format ?? '')) {
    throw new ImageRejectedError(`file is not a readable ${ACCEPTED} image.`);
  }
  if (sniffed === 'avif' && metadata.compression !== 'av1') {
    throw new ImageRejectedError(`file is not a ${ACCEPTED} image.`);
  }
  const width = metadata.width ?? 0;
  const frameHeight = metadata.pageHeight ?? metadata.height ?? 0;
  if (width <= 0 || frameHeight <= 0) {
    throw new ImageRejectedError(`file is not a readable ${ACCEPTED} image.`);
  }
  if (width * frameHeight > MAX_IMAGE_PIXELS) {
    throw new ImageRejectedError(tooManyPixelsMessage('file', width, frameHeight));
  }

  const format: StoredImageFormat = sniffed === 'gif' ? 'png' : sniffed;
  // limitInputPixels again: the header said one thing, the decoder enforces it.
  const pipeline = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, pages: 1, failOn: 'error' })
    .autoOrient()
    .toFormat(format, formatOptions(format));
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await queue.run(
      width * frameHeight,
      () => pipeline.toBuffer({ resolveWithObject: true }),
      client,
    );
  } catch (cause) {
    if (cause instanceof QueueFullError) {
      const seconds = cause.retryAfterSeconds;
      throw new RateLimitedError(
        seconds,
        `Image processing is busy; try again in ${seconds} seconds.`,
      );
    }
    throw new ImageRejectedError(`file is not a readable ${ACCEPTED} image.`, { cause });
  }
  return {
    format,
    bytes: output.data,
    width: output.info.width,
    height: output.info.height,
    contentHash: createHash('sha256').update(output.data).digest('hex'),
  };
}

/** Near-lossless re-encoding: the stored original is the source of every variant. */
function formatOptions(format: StoredImageFormat) {
  switch (format) {
    case 'jpeg':
      return { quality: 95, mozjpeg: true };
    case 'webp':
      return { quality: 95 };
    case 'avif':
      // See AVIF_EFFORT: the default effort takes seconds per image.
      return { quality: 85, effort: AVIF_EFFORT };
    case 'png':
      return {};
  }
}
