/** A queue's line was full: the caller answers "busy, retry after" at once instead of waiting. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
  constructor(
    readonly queue: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`the ${queue} queue is full`);
  }
}

export type PixelQueueOptions = {
  /** Named in QueueFullError and in logs: `uploads`, `renders`. */
  name: string;
  /** Pixels that may be decoding at once: each job holds its own pixel count while it runs. */
  pixelBudget: number;
  /** Jobs that may run at once, whatever their size (each holds one of libuv's threads). */
  maxRunning: number;
  /** Jobs that may wait; one more is refused with QueueFullError. */
  maxWaiting: number;
  /** What a refused caller is told to wait. */
  retryAfterSeconds: number;
};

type Waiter = { cost: number; start: () => void };

/**
 * Image decodes charged by their pixel count (docs/profiles.md, "Limits"): a
 * weighted semaphore whose weight is width × height, so a 16-megapixel decode
 * holds what sixteen 1-megapixel ones would, with a bounded line served first
 * come, first served (a big job at the head is never starved by small ones
 * slipping past). Hand-written because the kept libraries do not fit: p-limit
 * counts jobs, not weights, and its line is unbounded; a full line must be
 * refused at once, not grow.
 */
export class PixelQueue {
  private pixelsInUse = 0;
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** Jobs started since creation: tests read it to show a refusal decoded nothing. */
  private startedCount = 0;

  constructor(readonly options: PixelQueueOptions) {}

  /**
   * Runs `work` once `pixels` fit the budget (a job above the whole budget
   * waits for it all); rejects with QueueFullError at once when the line is full.
   */
  run<T>(pixels: number, work: () => Promise<T>): Promise<T> {
    const cost = Math.min(Math.max(1, Math.ceil(pixels)), this.options.pixelBudget);
    const go = () => {
      this.pixelsInUse += cost;
      this.running += 1;
      this.startedCount += 1;
      return Promise.resolve()
        .then(work)
        .finally(() => {
          this.pixelsInUse -= cost;
          this.running -= 1;
          this.startNext();
        });
    };
    if (this.waiting.length === 0 && this.fits(cost)) return go();
    if (this.waiting.length >= this.options.maxWaiting) {
      return Promise.reject(new QueueFullError(this.options.name, this.options.retryAfterSeconds));
    }
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ cost, start: () => go().then(resolve, reject) });
    });
  }

  get stats() {
    return {
      running: this.running,
      waiting: this.waiting.length,
      pixelsInUse: this.pixelsInUse,
      started: this.startedCount,
    };
  }

  private fits(cost: number) {
    return (
      this.running < this.options.maxRunning && this.pixelsInUse + cost <= this.options.pixelBudget
    );
  }

  private startNext() {
    for (let next = this.waiting[0]; next && this.fits(next.cost); next = this.waiting[0]) {
      this.waiting.shift();
      next.start();
    }
  }
}
