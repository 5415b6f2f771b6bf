import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

/**
 * At most one image decode per core in flight, in the whole process: uploads
 * and variant renders share it. sharp already works on libuv's threads, off
 * the event loop; this bounds how many full-size images (up to 40
 * megapixels, 160 MB decoded) are held at once, so a burst queues instead of
 * exhausting memory. One limiter per process because the resource it guards
 * (cores, memory) is per process.
 */
const limit = pLimit(Math.max(1, availableParallelism()));

export function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  return limit(work);
}
