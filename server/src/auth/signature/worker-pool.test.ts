import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { failureBound } from '../../../../testing/failure-bound.js';
import {
  createWorkerPool,
  WorkerJobError,
  type WorkerPool,
  WorkerPoolClosedError,
  WorkerPoolFullError,
} from './worker-pool.js';

/**
 * How long a held job waits for its latch before giving up (`released: false`):
 * a bound that turns a test that never opens it into a failure, not a hang.
 */
const HOLD_BOUND_MS = failureBound(20_000);

// piscina loads its worker from a file path, so the test worker is a real file.
const workerDir = mkdtempSync(join(tmpdir(), 'sigil-worker-pool-'));
afterAll(() => rmSync(workerDir, { recursive: true, force: true }));

/**
 * Doubles a number and says which thread did it; 'crash' kills the thread,
 * 'fail' throws, { hold } keeps the thread busy until the test opens that latch.
 */
const testWorker = pathToFileURL(join(workerDir, 'test-worker.cjs'));
writeFileSync(
  testWorker,
  `
  const { threadId } = require('node:worker_threads');
  module.exports = function (job) {
    if (job === 'crash') process.exit(3);
    if (job === 'fail') throw new Error('the job failed');
    if (typeof job === 'object') {
      const waited = Atomics.wait(new Int32Array(job.hold), 0, 0, ${HOLD_BOUND_MS});
      return { released: waited !== 'timed-out', threadId };
    }
    return { doubled: job * 2, threadId };
  };
  module.exports.whoAmI = function () {
    return { threadId };
  };
`,
);

type TestJob = number | 'crash' | 'fail' | { hold: SharedArrayBuffer };
type TestResult = { doubled?: number; released?: boolean; threadId: number };

/**
 * A latch shared with the workers: a job `{ hold: latch.buffer }` runs until
 * `open()`, so a test decides when a thread is free, instead of guessing how
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
function testPool(size: number, options: { maxQueue?: number } = {}) {
  const pool = createWorkerPool<TestJob, TestResult>({ url: testWorker, size, ...options });
  pools.push(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

/** Resolves once `pool` reports `depth` jobs waiting: the queue is observed, not guessed. */
async function queueReaches(pool: WorkerPool<TestJob, TestResult>, depth: number) {
  while (pool.stats().queueDepth !== depth) await new Promise((resolve) => setImmediate(resolve));
}

describe('createWorkerPool (piscina)', () => {
  it('answers every job with its own result, on no more threads than its size', async () => {
    const pool = testPool(2);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => pool.run(i)));
    expect(results.map((result) => result.doubled)).toEqual(
      Array.from({ length: 20 }, (_, i) => i * 2),
    );
    expect(new Set(results.map((result) => result.threadId)).size).toBeLessThanOrEqual(2);
  });

  it('runs a named export when asked', async () => {
    const pool = testPool(1);
    await expect(pool.run(0, 'whoAmI')).resolves.toEqual({ threadId: expect.any(Number) });
  });

  it('keeps the event loop free while a thread is busy', async () => {
    const pool = testPool(1);
    const held = latch();
    const running = pool.run({ hold: held.buffer });
    // The main thread still runs timers while the job holds its thread.
    await new Promise((resolve) => setTimeout(resolve, 0));
    held.open();
    await expect(running).resolves.toMatchObject({ released: true });
  });

  it('refuses a job once its queue is full, and counts what waits', async () => {
    const pool = testPool(1, { maxQueue: 2 });
    await pool.run(1); // the thread is up, so the next job runs rather than waits
    const held = latch();
    const running = pool.run({ hold: held.buffer });
    const queued = [pool.run(2), pool.run(3)];
    await queueReaches(pool, 2);

    await expect(pool.run(4)).rejects.toBeInstanceOf(WorkerPoolFullError);
    expect(pool.stats().queueDepth).toBe(2);

    held.open();
    await expect(running).resolves.toMatchObject({ released: true });
    expect((await Promise.all(queued)).map((result) => result.doubled)).toEqual([4, 6]);
    expect(pool.stats().queueDepth).toBe(0);
  });

  it('reports the share of threads busy now: a half while one of two holds a job, none once it is done', async () => {
    const pool = testPool(2);
    await pool.run(1);
    expect(pool.stats().utilisation).toBe(0);
    const held = latch();
    const running = pool.run({ hold: held.buffer });
    expect(pool.stats().utilisation).toBe(0.5);
    held.open();
    await running;
    expect(pool.stats().utilisation).toBe(0);
  });

  it('rejects the job whose thread crashed, and runs the next one on a new thread', async () => {
    const pool = testPool(1);
    const before = await pool.run(1);
    await expect(pool.run('crash')).rejects.toBeInstanceOf(WorkerJobError);
    const after = await pool.run(2);
    expect(after.doubled).toBe(4);
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('rejects a job that throws in the worker, and keeps the thread', async () => {
    const pool = testPool(1);
    const before = await pool.run(1);
    const error = await pool.run('fail').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkerJobError);
    expect((error as Error).message).toMatch(/the job failed/);
    expect((await pool.run(2)).threadId).toBe(before.threadId);
  });

  it('on close, rejects running, queued and later jobs, and can be closed twice', async () => {
    const pool = testPool(1);
    await pool.run(1);
    const held = latch();
    const running = pool.run({ hold: held.buffer });
    const queued = pool.run(2);
    await queueReaches(pool, 1);

    const closed = pool.close();
    await expect(running).rejects.toBeInstanceOf(WorkerPoolClosedError);
    await expect(queued).rejects.toBeInstanceOf(WorkerPoolClosedError);
    await closed;
    await expect(pool.run(3)).rejects.toBeInstanceOf(WorkerPoolClosedError);
    await expect(pool.close()).resolves.toBeUndefined();
    held.open();
  });

  it('refuses an ES module worker, which a close during its load would turn into a fatal error on Node 20', () => {
    for (const name of ['worker.mjs', 'worker.js']) {
      expect(() => createWorkerPool({ url: pathToFileURL(join(workerDir, name)) })).toThrow(
        /must be CommonJS \(\.cjs\)/,
      );
    }
  });

  it('refuses a size or queue bound that is not a positive integer', () => {
    expect(() => createWorkerPool({ url: testWorker, size: 0 })).toThrow(RangeError);
    expect(() => createWorkerPool({ url: testWorker, size: 1, maxQueue: 0 })).toThrow(RangeError);
  });
});
