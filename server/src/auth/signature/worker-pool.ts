import { Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads for short CPU-bound jobs (signature
 * recovery), so they do not run on the event loop.
 *
 * The worker script's protocol: it receives `{ id, job }` and replies
 * `{ id, result }`, or `{ id, error }` (a string) when the job failed.
 * Each worker runs one job at a time, so a crash costs only that job.
 */
export type WorkerPool<Job, Result> = {
  /** Runs the job on the next free worker; waits in a bounded queue when all are busy. */
  run(job: Job): Promise<Result>;
  /** Rejects queued and running jobs with WorkerPoolClosedError and ends every worker. Idempotent. */
  close(): Promise<void>;
};

export type CreateWorkerPoolParameters = {
  /** The worker script (a `file:` or `data:` URL of an ES module). */
  url: URL;
  /** Worker threads, started on demand. @default 1 */
  size?: number;
  /** Jobs that may wait for a free worker; beyond that `run` rejects with WorkerPoolFullError. @default 1000 */
  maxQueue?: number;
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

/** The worker running the job died; the pool starts another for the jobs that follow. */
export class WorkerCrashedError extends Error {
  constructor(exitCode: number, cause: unknown) {
    super(`worker exited with code ${exitCode} while running a job`, { cause });
    this.name = 'WorkerCrashedError';
  }
}

/** The worker reported that the job itself failed. */
export class WorkerJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerJobError';
  }
}

type Task<Job, Result> = {
  id: number;
  job: Job;
  resolve(result: Result): void;
  reject(error: unknown): void;
};

type Slot<Job, Result> = { worker: Worker; task: Task<Job, Result> | undefined };

type Reply<Result> = { id: number; result: Result } | { id: number; error: string };

export function createWorkerPool<Job, Result>(
  parameters: CreateWorkerPoolParameters,
): WorkerPool<Job, Result> {
  const { url, size = 1, maxQueue = 1000 } = parameters;
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive integer');

  const slots: Slot<Job, Result>[] = [];
  const queue: Task<Job, Result>[] = [];
  let nextId = 0;
  let closing: Promise<void> | undefined;

  function start(): Slot<Job, Result> {
    const worker = new Worker(url);
    const slot: Slot<Job, Result> = { worker, task: undefined };
    // An idle pool must not keep the process alive; a busy worker does (see assign).
    worker.unref();
    let crash: unknown;

    worker.on('message', (reply: Reply<Result>) => {
      const task = slot.task;
      if (!task || reply.id !== task.id) return;
      slot.task = undefined;
      worker.unref();
      if ('error' in reply) task.reject(new WorkerJobError(reply.error));
      else task.resolve(reply.result);
      dispatch();
    });
    worker.on('error', (error) => {
      crash = error;
    });
    worker.on('exit', (exitCode) => {
      slots.splice(slots.indexOf(slot), 1);
      const task = slot.task;
      slot.task = undefined;
      if (task) {
        task.reject(
          closing ? new WorkerPoolClosedError() : new WorkerCrashedError(exitCode, crash),
        );
      }
      // Replace the worker only when there is work for it: a script that dies on
      // start must not turn into a crash loop.
      if (!closing) dispatch();
    });

    slots.push(slot);
    return slot;
  }

  function assign(slot: Slot<Job, Result>, task: Task<Job, Result>): void {
    slot.task = task;
    slot.worker.ref();
    try {
      slot.worker.postMessage({ id: task.id, job: task.job });
    } catch (error) {
      // The job could not be cloned to the worker: only this job fails.
      slot.task = undefined;
      slot.worker.unref();
      task.reject(error);
    }
  }

  function dispatch(): void {
    while (queue.length > 0) {
      const slot =
        slots.find((candidate) => !candidate.task) ?? (slots.length < size ? start() : undefined);
      if (!slot) return;
      const task = queue.shift();
      if (task) assign(slot, task);
    }
  }

  return {
    run(job) {
      if (closing) return Promise.reject(new WorkerPoolClosedError());
      if (queue.length >= maxQueue) return Promise.reject(new WorkerPoolFullError(maxQueue));
      return new Promise<Result>((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve, reject });
        dispatch();
      });
    },

    close() {
      closing ??= (async () => {
        for (const task of queue.splice(0)) task.reject(new WorkerPoolClosedError());
        await Promise.all(slots.map((slot) => slot.worker.terminate()));
      })();
      return closing;
    },
  };
}
