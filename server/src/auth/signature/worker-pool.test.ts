import { afterEach, describe, expect, it } from 'vitest';
import {
  createWorkerPool,
  WorkerCrashedError,
  WorkerJobError,
  type WorkerPool,
  WorkerPoolClosedError,
  WorkerPoolFullError,
} from './worker-pool.js';

/** A worker script as a data: URL, speaking the pool's protocol. */
function workerScript(onJob: string): URL {
  const source = `
    import { parentPort, threadId } from 'node:worker_threads';
    parentPort.on('message', async ({ id, job }) => {
      ${onJob}
    });
  `;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

/**
 * Doubles a number and says which thread did it; 'crash' kills the thread,
 * 'fail' reports a failed job, { sleepMs } holds the thread.
 */
const testWorker = workerScript(`
  if (job === 'crash') process.exit(3);
  if (job === 'fail') return parentPort.postMessage({ id, error: 'the job failed' });
  if (typeof job === 'object') {
    const until = Date.now() + job.sleepMs;
    while (Date.now() < until);
    return parentPort.postMessage({ id, result: { slept: job.sleepMs, threadId } });
  }
  parentPort.postMessage({ id, result: { doubled: job * 2, threadId } });
`);

type TestJob = number | 'crash' | 'fail' | { sleepMs: number };
type TestResult = { doubled?: number; slept?: number; threadId: number };

const pools: WorkerPool<TestJob, TestResult>[] = [];
function testPool(size: number, maxQueue?: number) {
  const pool = createWorkerPool<TestJob, TestResult>({ url: testWorker, size, maxQueue });
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

  it('rejects only the job whose worker crashed, and replaces the worker', async () => {
    const pool = testPool(1);
    const before = await pool.run(1);
    const [crashed, after] = await Promise.allSettled([pool.run('crash'), pool.run(21)]);
    expect(crashed.status).toBe('rejected');
    expect((crashed as PromiseRejectedResult).reason).toBeInstanceOf(WorkerCrashedError);
    expect(after).toMatchObject({ status: 'fulfilled', value: { doubled: 42 } });
    expect((after as PromiseFulfilledResult<TestResult>).value.threadId).not.toBe(before.threadId);
  });

  it('rejects a job the worker reports as failed, and keeps the worker', async () => {
    const pool = testPool(1);
    const before = await pool.run(1);
    await expect(pool.run('fail')).rejects.toBeInstanceOf(WorkerJobError);
    expect((await pool.run(2)).threadId).toBe(before.threadId);
  });

  it('refuses a job once its queue is full, rather than letting it grow without bound', async () => {
    const pool = testPool(1, 2);
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
});
