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
 * 'crash' kills the thread, 'fail' reports a failed job, { sleepMs } holds the thread.
 */
const testWorker = workerScript(`
  if (job === 'crash') process.exit(3);
  if (job === 'fail') return { error: 'the job failed' };
  if (typeof job === 'object') {
    const until = Date.now() + job.sleepMs;
    while (Date.now() < until);
    return { result: { slept: job.sleepMs, threadId, batchSize } };
  }
  return { result: { doubled: job * 2, threadId, batchSize } };
`);

type TestJob = number | 'crash' | 'fail' | { sleepMs: number };
type TestResult = { doubled?: number; slept?: number; threadId: number; batchSize: number };

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
    const running = pool.run({ sleepMs: 200 });
    const queued = await Promise.all(Array.from({ length: 6 }, (_, index) => pool.run(index)));
    await running;
    expect(queued.map((result) => result.doubled)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(queued.map((result) => result.batchSize)).toEqual([4, 4, 4, 4, 2, 2]);
  });

  it('sends a job alone when the worker is free, without waiting for company', async () => {
    const pool = testPool(1);
    await expect(pool.run(1)).resolves.toMatchObject({ doubled: 2, batchSize: 1 });
  });

  it('hands a free worker only its share of the queue when there are several workers', async () => {
    const pool = testPool(2, { maxBatch: 8 });
    const busy = [pool.run({ sleepMs: 150 }), pool.run({ sleepMs: 150 })];
    const results = await Promise.all([1, 2, 3, 4].map((job) => pool.run(job)));
    await Promise.all(busy);
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
    const running = pool.run({ sleepMs: 200 });
    const outcomes = Promise.allSettled([pool.run('crash'), pool.run(5), pool.run(6), pool.run(7)]);
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
    const running = pool.run({ sleepMs: 100 });
    const [failed, batched] = await Promise.allSettled([pool.run('fail'), pool.run(2)]);
    await running;
    expect(failed).toMatchObject({ status: 'rejected', reason: expect.any(WorkerJobError) });
    expect(batched).toMatchObject({ status: 'fulfilled', value: { doubled: 4, batchSize: 2 } });
    expect((await pool.run(3)).threadId).toBe(before.threadId);
  });

  it('refuses a job once its queue is full, rather than letting it grow without bound', async () => {
    const pool = testPool(1, { maxQueue: 2 });
    await pool.run(0); // the worker is up, so the first slow job starts at once
    const running = pool.run({ sleepMs: 300 });
    const queued = [pool.run(1), pool.run(2)];
    await expect(pool.run(3)).rejects.toBeInstanceOf(WorkerPoolFullError);
    await expect(running).resolves.toMatchObject({ slept: 300 });
    await expect(Promise.all(queued)).resolves.toMatchObject([{ doubled: 2 }, { doubled: 4 }]);
  });

  it('on close, rejects running, queued and later jobs, and can be closed twice', async () => {
    const pool = testPool(1);
    await pool.run(0);
    const outcomes = Promise.allSettled([pool.run({ sleepMs: 2000 }), pool.run(1)]);
    const started = Date.now();
    await Promise.all([pool.close(), pool.close()]);
    expect(Date.now() - started).toBeLessThan(1500);
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
    const running = pool.run({ sleepMs: 100 });
    const outcomes = Promise.allSettled([
      pool.run(1),
      pool.run((() => 1) as unknown as number),
      pool.run(3),
    ]);
    await running;
    const [before, unsendable, after] = await outcomes;
    expect(before).toMatchObject({ status: 'fulfilled', value: { doubled: 2 } });
    expect(unsendable.status).toBe('rejected');
    expect(after).toMatchObject({ status: 'fulfilled', value: { doubled: 6 } });
  });

  it('keeps the event loop free while a worker is busy', async () => {
    const pool = testPool(1);
    await pool.run(0);
    const running = pool.run({ sleepMs: 500 });
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Had the job run on this thread, the timer could not fire before it ended.
    expect(Date.now() - started).toBeLessThan(250);
    await expect(running).resolves.toMatchObject({ slept: 500 });
  });
});
