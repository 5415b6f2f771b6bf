import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

/**
 * A fixed set of worker threads (piscina) for short CPU-bound jobs, so they
 * do not run on the event loop, with a bounded queue and errors a caller can
 * tell apart.
 *
 * No batching of jobs: measured with the WebAssembly recovery (bench/README.md,
 * "Sign-in throughput"), sending queued recoveries together did not pay for
 * the extra latency and code.
 */
export type WorkerPool<Job, Result> = {
  /** Runs `job` on the next free thread (the module's default export, or its export `name`). */
  run(job: Job, name?: string): Promise<Result>;
  /** Jobs waiting for a thread, and the share of threads running a job now (0..1). */
  stats(): WorkerPoolStats;
  /** Rejects queued and running jobs with WorkerPoolClosedError and ends every thread. Idempotent. */
  close(): Promise<void>;
};

export type WorkerPoolStats = {
  /** Jobs waiting for a free thread. */
  queueDepth: number;
  /**
   * The share of threads running a job at this moment, 0..1. Not piscina's
   * `utilization`, which averages over the whole time since the pool started
   * and so barely moves on a long-running server: a gauge scraped every few
   * seconds must say how busy the threads are now.
   */
  utilisation: number;
};

export type CreateWorkerPoolParameters = {
  /**
   * The worker module: a `file:` URL of a CommonJS module (`.cjs`), whose
   * `module.exports` piscina calls (or its property `name`). See
   * `COMMONJS_WORKERS_ONLY` for why not an ES module.
   */
  url: URL;
  /** Worker threads, all started at once and kept. @default 1 */
  size?: number;
  /** Jobs that may wait for a free thread; beyond that `run` rejects with WorkerPoolFullError. @default 1000 */
  maxQueue?: number;
  /** Given to every thread as piscina's `workerData`. */
  workerData?: unknown;
};

/** The queue is full: the caller should shed load rather than wait. */
export class WorkerPoolFullError extends Error {
  constructor(maxQueue: number) {
    super(`worker pool queue is full (${maxQueue} jobs waiting)`);
    this.name = 'WorkerPoolFullError';
  }
}

export class WorkerPoolClosedError extends Error {
  constructor() {
    super('worker pool is closed');
    this.name = 'WorkerPoolClosedError';
  }
}

/** The job failed in the worker, or the thread running it died (piscina starts another). */
export class WorkerJobError extends Error {
  constructor(cause: unknown) {
    super(`worker job failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'WorkerJobError';
  }
}

/**
 * Why worker modules must be CommonJS: piscina loads a thread's module with
 * require() first, and on Node 20 require() of an ES module instantiates its
 * graph synchronously. A thread terminated at that moment (a pool closed while
 * its threads still load, as when a server stops just after it starts) takes
 * the whole process down: "FATAL ERROR: v8::Module::IsGraphAsync must be used
 * on an instantiated module" (node's ModuleWrap::InstantiateSync reads the
 * graph after a terminated instantiation). It ended a CI run of the server
 * suite. A CommonJS worker loads its ES modules with import(), whose
 * instantiation a termination interrupts cleanly.
 */
const COMMONJS_WORKERS_ONLY = 'a worker module must be CommonJS (.cjs)';

// piscina rejects with plain Errors; these messages are how it tells them apart.
const PISCINA_QUEUE_FULL = 'Task queue is at limit';
const PISCINA_TERMINATING = 'Terminating worker thread';

export function createWorkerPool<Job, Result>(
  parameters: CreateWorkerPoolParameters,
): WorkerPool<Job, Result> {
  const { url, size = 1, maxQueue = 1000, workerData } = parameters;
  if (!url.pathname.endsWith('.cjs')) throw new TypeError(`${COMMONJS_WORKERS_ONLY}: ${url.href}`);
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive integer');
  if (!Number.isInteger(maxQueue) || maxQueue < 1) {
    throw new RangeError('maxQueue must be a positive integer');
  }

  const piscina = new Piscina<Job, Result>({
    filename: fileURLToPath(url),
    minThreads: size,
    maxThreads: size,
    // The threads live as long as the pool: a job takes less than starting one.
    idleTimeout: Number.POSITIVE_INFINITY,
    maxQueue,
    workerData,
  });
  let closing: Promise<void> | undefined;
  /** Jobs handed to piscina and not yet settled: running, or in its queue. */
  let inFlight = 0;

  return {
    async run(job, name) {
      if (closing) throw new WorkerPoolClosedError();
      inFlight += 1;
      try {
        return await piscina.run(job, name === undefined ? {} : { name });
      } catch (error) {
        const message = error instanceof Error ? error.message : undefined;
        if (message === PISCINA_QUEUE_FULL) throw new WorkerPoolFullError(maxQueue);
        if (closing || message === PISCINA_TERMINATING) throw new WorkerPoolClosedError();
        throw new WorkerJobError(error);
      } finally {
        inFlight -= 1;
      }
    },

    stats: () => {
      const running = Math.min(size, Math.max(0, inFlight - piscina.queueSize));
      return { queueDepth: piscina.queueSize, utilisation: running / size };
    },

    close() {
      closing ??= piscina.destroy();
      return closing;
    },
  };
}
