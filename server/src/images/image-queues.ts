import { availableParallelism } from 'node:os';
import {
  IMAGE_BUSY_RETRY_AFTER_SECONDS,
  MAX_IMAGE_PIXELS,
  RENDER_QUEUE_LENGTH,
  UPLOAD_QUEUE_LENGTH,
  UPLOADS_PER_CLIENT,
} from './image-limits.js';
import { PixelQueue } from './pixel-queue.js';

export type ImageQueues = { uploads: PixelQueue; renders: PixelQueue };

/**
 * The process's image decodes, in two lines (docs/profiles.md, "Limits"):
 * uploads and variant renders never wait on each other, so a person's avatar
 * upload is not stuck behind strangers' renders. Each line has its own
 * budget of one maximum-size image (MAX_IMAGE_PIXELS) decoding at a time:
 * a 16-megapixel render holds the budget that many small ones share.
 *
 * sharp runs each job on one of libuv's threads (4 unless UV_THREADPOOL_SIZE
 * says otherwise), which the file system and compression use too; jobs
 * beyond the threads would queue inside libuv, where uploads and renders
 * meet again. So renders run at most one per core and never more than the
 * threads less two, uploads one at a time, leaving a thread for the rest.
 * One client holds at most UPLOADS_PER_CLIENT places in the uploads line,
 * which starts its jobs fairly between clients: a client sending expensive
 * images delays another's upload by one decode at most, never by a full line.
 */
export function createImageQueues(p: { cores?: number; threads?: number } = {}): ImageQueues {
  const cores = p.cores ?? availableParallelism();
  const threads = p.threads ?? (Number(process.env.UV_THREADPOOL_SIZE) || 4);
  return {
    uploads: new PixelQueue({
      name: 'uploads',
      pixelBudget: MAX_IMAGE_PIXELS,
      maxRunning: 1,
      maxWaiting: UPLOAD_QUEUE_LENGTH,
      maxPerClient: UPLOADS_PER_CLIENT,
      retryAfterSeconds: IMAGE_BUSY_RETRY_AFTER_SECONDS,
    }),
    renders: new PixelQueue({
      name: 'renders',
      pixelBudget: MAX_IMAGE_PIXELS,
      maxRunning: Math.max(1, Math.min(cores, threads - 2)),
      maxWaiting: RENDER_QUEUE_LENGTH,
      retryAfterSeconds: IMAGE_BUSY_RETRY_AFTER_SECONDS,
    }),
  };
}
