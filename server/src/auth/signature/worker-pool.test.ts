import { afterEach, describe, expect, it } from 'vitest';
import {
  createWorkerPool,
  WorkerCrashedError,
  WorkerJobError,
  type WorkerPool,
  WorkerPoolClosedError,
  WorkerPoolFullError,
} from './worker-pool.js';

/**
 * How long a held job waits for its latch before giving up (`released: false`):
 * a bound that turns a test that never opens it into a failure, not a hang.
 */
const HOLD_BOUND_MS = 20_000;

/**
 * A worker script as a data: URL, speaking the pool's protocol: `onJob` runs
 * for each job of a batch with `job` and `batchSize` in scope and returns its
 * outcome (`{ result }` or `{ error }`).
 */
function workerScript(onJob: string): URL {
  const source = `
    import { parentPort, threadId } from 'node:worker_threads';
    parentPort.on('message', ({ batch, jobs }) => {
      const batchSize = jobs.length;
      const outcomes = jobs.map((job) => { ${onJob} });
      parentPort.postMessage({ batch, outcomes });
    });
  `;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

/**
 * Doubles a number and says which thread did it, in a batch of how many jobs;
 * 'crash' kills the thread, 'fail' reports a failed job, { hold } keeps the
 * thread busy until the test opens that latch.
 */
const testWorker = workerScript(`
  if (job === 'crash') process.exit(3);
  if (job === 'fail') return { error: 'the job failed' };
  if (typeof job === 'object') {
    const waited = Atomics.wait(new Int32Array(job.hold), 0, 0, ${HOLD_BOUND_MS});
    return { result: { released: waited !== 'timed-out', threadId, batchSize } };
  }
  return { result: { doubled: job * 2, threadId, batchSize } };
`);

type TestJob = number | 'crash' | 'fail' | { hold: SharedArrayBuffer };
type TestResult = { doubled?: number; released?: boolean; threadId: number; batchSize: number };

/**
 * A latch shared with the workers: a job `{ hold: latch.buffer }` runs until
 * `open()`, so a test decides when a worker is free, instead of guessing how
 * long a job takes.
 */
function latch() {
  const buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  return {
    buffer,
    open() {
      const view = new Int32Array(buffer);
      Atomics.store(view, 0, 1);
      Atomics.notify(view, 0);
    },
  };
}

const pools: WorkerPool<TestJob, TestResult>[] = [];
function testPool(size: number, options: { maxQueue?: number; maxBatch?: number } = {}) {
  const pool = createWorkerPool<TestJob, TestResult>({ url: testWorker, size, ...options });
  pools.push(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('createWorkerPool', () => {
  it('answers every job with its own result, on no more threads than its size', async () => {
    const pool = testPool(2);
    const jobs = Array.from({ length: 50 }, (_, index) => index);
    const results = await Promise.all(jobs.map((job) => pool.run(job)));
    expect(results.map((result) => result.doubled)).toEqual(jobs.map((job) => job * 2));
    const threads = new Set(results.map((result) => result.threadId));
    expect(threads.size).toBeGreaterThanOrEqual(1);
    expect(threads.size).toBeLessThanOrEqual(2);
  });

  it('sends jobs that queued behind a busy worker together, at most maxBatch at a time', async () => {
    const pool = testPool(1, { maxBatch: 4 });
    await pool.run(0);
    const busy = latch();
    const running = pool.run({ hold: busy.buffer });
    const queuedJobs = Array.from({ length: 6 }, (_, index) => pool.run(index));
    busy.open();
    await running;
    const queued = await Promise.all(queuedJobs);
    expect(queued.map((result) => result.doubled)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(queued.map((result) => result.batchSize)).toEqual([4, 4, 4, 4, 2, 2]);
  });

  it('sends a job alone when the worker is free, without waiting for company', async () => {
    const pool = testPool(1);
    await expect(pool.run(1)).resolves.toMatchObject({ doubled: 2, batchSize: 1 });
  });

  it('hands a free worker only its share of the queue when there are several workers', async () => {
    const pool = testPool(2, { maxBatch: 8 });
    const busy = latch();
    const running = [pool.run({ hold: busy.buffer }), pool.run({ hold: busy.buffer })];
    const queued = [1, 2, 3, 4].map((job) => pool.run(job));
    busy.open();
    await Promise.all(running);
    const results = await Promise.all(queued);
    expect(results.map((result) => result.doubled)).toEqual([2, 4, 6, 8]);
    // Four jobs queued for two workers: no batch takes more than half of them.
    expect(Math.max(...results.map((result) => result.batchSize))).toBe(2);
  });

  it('rejects only the job whose worker crashed, and replaces the worker', async () => {
    const pool = testPool(1);
    const before = await pool.run(1);
    const [crashed, after] = await Promise.allSettled([pool.run('crash'), pool.run(21)]);
    expect(crashed.status).toBe('rejected');
    expect((crashed as PromiseRejectedResult).reason).toBeInstanceOf(WorkerCrashedError);
    expect(after).toMatchObject({ status: 'fulfilled', value: { doubled: 42 } });
    expect((after as PromiseFulfilledResult<TestResult>).value.threadId).not.toBe(before.threadId);
  });

  it('on a crash, rejects the jobs of that batch only, and runs the next batch on a new worker', async () => {
    const pool = testPool(1, { maxBatch: 2 });
    const first = await pool.run(0);
    const busy = latch();
    const running = pool.run({ hold: busy.buffer });
    const outcomes = Promise.allSettled([pool.run('crash'), pool.run(5), pool.run(6), pool.run(7)]);
    busy.open();
    await running;
    const [crashed, sameBatch, nextBatch, alsoNextBatch] = await outcomes;
    expect(crashed).toMatchObject({ status: 'rejected', reason: expect.any(WorkerCrashedError) });
    expect(sameBatch).toMatchObject({ status: 'rejected', reason: expect.any(WorkerCrashedError) });
    expect(nextBatch).toMatchObject({ status: 'fulfilled', value: { doubled: 12 } });
    expect(alsoNextBatch).toMatchObject({ status: 'fulfilled', value: { doubled: 14 } });
    expect((nextBatch as PromiseFulfilledResult<TestResult>).value.threadId).not.toBe(
      first.threadId,
    );
  });

  it('rejects a job the worker reports as failed, and keeps the worker and its batch', async () => {
    const pool = testPool(1);
    const before = await pool.run(1);
    const busy = latch();
    const running = pool.run({ hold: busy.buffer });
    const outcomes = Promise.allSettled([pool.run('fail'), pool.run(2)]);
    busy.open();
    await running;
    const [failed, batched] = await outcomes;
    expect(failed).toMatchObject({ status: 'rejected', reason: expect.any(WorkerJobError) });
    expect(batched).toMatchObject({ status: 'fulfilled', value: { doubled: 4, batchSize: 2 } });
    expect((await pool.run(3)).threadId).toBe(before.threadId);
  });

  it('refuses a job once its queue is full, rather than letting it grow without bound', async () => {
    const pool = testPool(1, { maxQueue: 2 });
    await pool.run(0); // the worker is up, so the first slow job starts at once
    const busy = latch();
    const running = pool.run({ hold: busy.buffer });
    const queued = [pool.run(1), pool.run(2)];
    await expect(pool.run(3)).rejects.toBeInstanceOf(WorkerPoolFullError);
    busy.open();
    await expect(running).resolves.toMatchObject({ released: true });
    await expect(Promise.all(queued)).resolves.toMatchObject([{ doubled: 2 }, { doubled: 4 }]);
  });

  it('on close, rejects running, queued and later jobs, and can be closed twice', async () => {
    const pool = testPool(1);
    await pool.run(0);
    // Never opened: a close that waited for the running job would see it end
    // (unreleased) after HOLD_BOUND_MS, and it would be fulfilled, not rejected.
    const neverOpened = latch();
    const outcomes = Promise.allSettled([pool.run({ hold: neverOpened.buffer }), pool.run(1)]);
    await Promise.all([pool.close(), pool.close()]);
    const [running, queued] = await outcomes;
    expect(running).toMatchObject({
      status: 'rejected',
      reason: expect.any(WorkerPoolClosedError),
    });
    expect(queued).toMatchObject({ status: 'rejected', reason: expect.any(WorkerPoolClosedError) });
    await expect(pool.run(2)).rejects.toBeInstanceOf(WorkerPoolClosedError);
  });

  it('rejects a job that cannot be sent to a worker, and runs the next one', async () => {
    const pool = testPool(1);
    // A function cannot be cloned to another thread.
    await expect(pool.run((() => 1) as unknown as number)).rejects.toThrow();
    await expect(pool.run(5)).resolves.toMatchObject({ doubled: 10 });
  });

  it('refuses only the job that cannot be sent, not the jobs batched with it', async () => {
    const pool = testPool(1);
    await pool.run(0);
    const busy = latch();
    const running = pool.run({ hold: busy.buffer });
    const outcomes = Promise.allSettled([
      pool.run(1),
      pool.run((() => 1) as unknown as number),
      pool.run(3),
    ]);
    busy.open();
    await running;
    const [before, unsendable, after] = await outcomes;
    expect(before).toMatchObject({ status: 'fulfilled', value: { doubled: 2 } });
    expect(unsendable.status).toBe('rejected');
    expect(after).toMatchObject({ status: 'fulfilled', value: { doubled: 6 } });
  });

  it('keeps the event loop free while a worker is busy', async () => {
    const pool = testPool(1);
    await pool.run(0);
    const busy = latch();
    const running = pool.run({ hold: busy.buffer });
    // Only this thread's event loop opens the latch. Had the job run on this
    // thread, it would have blocked the loop until it gave up, unreleased.
    setImmediate(() => busy.open());
    await expect(running).resolves.toMatchObject({ released: true });
  });
});
