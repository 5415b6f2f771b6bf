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
  /**
   * Jobs one client may have waiting or running together; one more of its own
   * is refused with QueueFullError, whatever room the line has. @default Infinity
   */
  maxPerClient?: number;
  /** What a refused caller is told to wait. */
  retryAfterSeconds: number;
};

type Waiter = { cost: number; client: string; start: () => void };

/**
 * Image decodes charged by their pixel count (docs/profiles.md, "Limits"): a
 * weighted semaphore whose weight is width × height, so a 16-megapixel decode
 * holds what sixteen 1-megapixel ones would, with a bounded line (the job
 * chosen next waits for room, so a big one is never starved by small ones
 * slipping past). Hand-written because the kept libraries do not fit: p-limit
 * counts jobs, not weights, and its line is unbounded; a full line must be
 * refused at once, not grow.
 *
 * Fair between clients: each may hold at most `maxPerClient` places (waiting
 * or running), and the job started next is the one whose client started a
 * job least recently (first come, first served among equals). A client that
 * keeps its share full therefore never stands between another client and the
 * next free place: every waiting client gets its turn before anyone's next.
 */
export class PixelQueue {
  private pixelsInUse = 0;
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** Places (waiting or running) per client; a client with none is not kept. */
  private readonly held = new Map<string, number>();
  /** When each client with places last started a job, counted in starts. */
  private readonly lastStarted = new Map<string, number>();
  /** Jobs started since creation: tests read it to show a refusal decoded nothing. */
  private startedCount = 0;

  constructor(readonly options: PixelQueueOptions) {}

  /**
   * Runs `work` once `pixels` fit the budget (a job above the whole budget
   * waits for it all); rejects with QueueFullError at once when the line is
   * full or `client` holds its share already. Jobs without a client share one.
   */
  run<T>(pixels: number, work: () => Promise<T>, client = ''): Promise<T> {
    const cost = Math.min(Math.max(1, Math.ceil(pixels)), this.options.pixelBudget);
    const held = this.held.get(client) ?? 0;
    if (held >= (this.options.maxPerClient ?? Number.POSITIVE_INFINITY)) return this.refuse();
    const go = () => {
      this.pixelsInUse += cost;
      this.running += 1;
      this.startedCount += 1;
      this.lastStarted.set(client, this.startedCount);
      return Promise.resolve()
        .then(work)
        .finally(() => {
          this.pixelsInUse -= cost;
          this.running -= 1;
          this.release(client);
          this.startNext();
        });
    };
    if (this.waiting.length === 0 && this.fits(cost)) {
      this.held.set(client, held + 1);
      return go();
    }
    if (this.waiting.length >= this.options.maxWaiting) return this.refuse();
    this.held.set(client, held + 1);
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ cost, client, start: () => go().then(resolve, reject) });
    });
  }

  /** How many places `client` holds, waiting or running. */
  placesOf(client: string): number {
    return this.held.get(client) ?? 0;
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

  private refuse(): Promise<never> {
    return Promise.reject(new QueueFullError(this.options.name, this.options.retryAfterSeconds));
  }

  private release(client: string) {
    const held = (this.held.get(client) ?? 1) - 1;
    if (held > 0) {
      this.held.set(client, held);
    } else {
      this.held.delete(client);
      this.lastStarted.delete(client);
    }
  }

  /**
   * The waiting job to start next: its client's last start is the oldest (a
   * client that never started comes first), ties in the order they came.
   */
  private nextIndex(): number {
    let best = 0;
    let bestStarted = Number.POSITIVE_INFINITY;
    this.waiting.forEach((waiter, index) => {
      const started = this.lastStarted.get(waiter.client) ?? 0;
      if (started < bestStarted) {
        best = index;
        bestStarted = started;
      }
    });
    return best;
  }

  /** Starts the fairest waiting job while it fits; a big one is never passed by smaller ones. */
  private startNext() {
    for (;;) {
      const index = this.nextIndex();
      const next = this.waiting[index];
      if (!next || !this.fits(next.cost)) return;
      this.waiting.splice(index, 1);
      next.start();
    }
  }
}
