import { Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads for short CPU-bound jobs (signature
 * recovery), so they do not run on the event loop.
 *
 * The worker script's protocol: it receives `{ batch, jobs }` (a batch id and
 * one or more jobs) and replies once for the whole batch with `{ batch,
 * outcomes }`, one outcome per job in the same order: `{ result }`, or
 * `{ error }` (a string) when that job failed. Jobs that queue up while every
 * worker is busy travel together, up to `maxBatch` at a time: one message and
 * one thread wake-up each way for the batch instead of for every job. A crash
 * costs only the jobs of the batch that worker was running.
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
  /** Queued jobs handed to a free worker in one message. @default 8 */
  maxBatch?: number;
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

/** The worker reported that the job itself failed (or sent no outcome for it). */
export class WorkerJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerJobError';
  }
}

type Task<Job, Result> = {
  job: Job;
  /** Send this job in a batch of its own: it was in a batch that could not be sent. */
  alone: boolean;
  resolve(result: Result): void;
  reject(error: unknown): void;
};

type Batch<Job, Result> = { id: number; tasks: Task<Job, Result>[] };

type Slot<Job, Result> = { worker: Worker; batch: Batch<Job, Result> | undefined };

type Outcome<Result> = { result: Result } | { error: string };

type Reply<Result> = { batch: number; outcomes: Outcome<Result>[] };

export function createWorkerPool<Job, Result>(
  parameters: CreateWorkerPoolParameters,
): WorkerPool<Job, Result> {
  const { url, size = 1, maxQueue = 1000, maxBatch = 8 } = parameters;
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive integer');
  if (!Number.isInteger(maxBatch) || maxBatch < 1) {
    throw new RangeError('maxBatch must be a positive integer');
  }

  const slots: Slot<Job, Result>[] = [];
  const queue: Task<Job, Result>[] = [];
  let nextBatchId = 0;
  let closing: Promise<void> | undefined;

  function settle(task: Task<Job, Result>, outcome: Outcome<Result> | undefined): void {
    if (!outcome) task.reject(new WorkerJobError('the worker sent no outcome for the job'));
    else if ('error' in outcome) task.reject(new WorkerJobError(outcome.error));
    else task.resolve(outcome.result);
  }

  function start(): Slot<Job, Result> {
    const worker = new Worker(url);
    const slot: Slot<Job, Result> = { worker, batch: undefined };
    // An idle pool must not keep the process alive; a busy worker does (see assign).
    worker.unref();
    let crash: unknown;

    worker.on('message', (reply: Reply<Result>) => {
      const batch = slot.batch;
      if (!batch || reply.batch !== batch.id) return;
      slot.batch = undefined;
      worker.unref();
      for (const [index, task] of batch.tasks.entries()) settle(task, reply.outcomes[index]);
      dispatch();
    });
    worker.on('error', (error) => {
      crash = error;
    });
    worker.on('exit', (exitCode) => {
      slots.splice(slots.indexOf(slot), 1);
      const batch = slot.batch;
      slot.batch = undefined;
      for (const task of batch?.tasks ?? []) {
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

  function assign(slot: Slot<Job, Result>, tasks: Task<Job, Result>[]): void {
    const batch = { id: nextBatchId++, tasks };
    slot.batch = batch;
    slot.worker.ref();
    try {
      slot.worker.postMessage({ batch: batch.id, jobs: tasks.map((task) => task.job) });
    } catch (error) {
      slot.batch = undefined;
      slot.worker.unref();
      const [only] = tasks;
      // A job that cannot be cloned to the worker fails alone: resend its
      // batch one job at a time, so only that job is refused.
      if (only && tasks.length === 1) only.reject(error);
      else {
        for (const task of tasks) task.alone = true;
        queue.unshift(...tasks);
      }
    }
  }

  /**
   * The next batch from the head of the queue. With several workers each takes
   * its share, so one does not run a long batch while another waits idle.
   */
  function takeBatch(): Task<Job, Result>[] {
    if (queue[0]?.alone) return queue.splice(0, 1);
    const share = Math.min(maxBatch, Math.ceil(queue.length / size));
    let count = 0;
    while (count < share && !queue[count]?.alone) count++;
    return queue.splice(0, count);
  }

  function dispatch(): void {
    while (queue.length > 0) {
      const slot =
        slots.find((candidate) => !candidate.batch) ?? (slots.length < size ? start() : undefined);
      if (!slot) return;
      assign(slot, takeBatch());
    }
  }

  return {
    run(job) {
      if (closing) return Promise.reject(new WorkerPoolClosedError());
      if (queue.length >= maxQueue) return Promise.reject(new WorkerPoolFullError(maxQueue));
      return new Promise<Result>((resolve, reject) => {
        queue.push({ job, alone: false, resolve, reject });
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
