import { describe, expect, it } from 'vitest';
import { PixelQueue, QueueFullError } from './pixel-queue.js';

/** Work that runs until the test opens its gate: jobs are held by state, never by time. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, work: () => opened };
}

const queue = (options: Partial<ConstructorParameters<typeof PixelQueue>[0]> = {}) =>
  new PixelQueue({
    name: 'renders',
    pixelBudget: 100,
    maxRunning: 10,
    maxWaiting: 4,
    retryAfterSeconds: 5,
    ...options,
  });

describe('PixelQueue', () => {
  it('runs many small jobs at once in the budget one big job fills alone', async () => {
    const small = queue();
    const held = gate();
    const smallJobs = Array.from({ length: 10 }, () => small.run(10, held.work));
    expect(small.stats).toMatchObject({ running: 10, waiting: 0, pixelsInUse: 100 });
    held.open();
    await Promise.all(smallJobs);

    const big = queue();
    const bigGate = gate();
    const bigJob = big.run(100, bigGate.work);
    const after = big.run(10, async () => 'small');
    expect(big.stats).toMatchObject({ running: 1, waiting: 1, pixelsInUse: 100, started: 1 });
    bigGate.open();
    await bigJob;
    expect(await after).toBe('small');
    expect(big.stats).toMatchObject({ running: 0, waiting: 0, pixelsInUse: 0, started: 2 });
  });

  it('serves its line in order: a big job waiting is not passed by small ones', async () => {
    const q = queue();
    const first = gate();
    const order: string[] = [];
    const running = q.run(60, first.work);
    const big = q.run(60, async () => void order.push('big'));
    const small = q.run(10, async () => void order.push('small'));
    // 10 more pixels would fit beside the first job, but the big one is ahead.
    expect(q.stats).toMatchObject({ running: 1, waiting: 2 });
    first.open();
    await Promise.all([running, big, small]);
    expect(order).toEqual(['big', 'small']);
  });

  it('runs at most maxRunning jobs, however small', async () => {
    const q = queue({ maxRunning: 2 });
    const held = gate();
    const jobs = [q.run(1, held.work), q.run(1, held.work), q.run(1, held.work)];
    expect(q.stats).toMatchObject({ running: 2, waiting: 1 });
    held.open();
    await Promise.all(jobs);
    expect(q.stats.started).toBe(3);
  });

  it('charges a job larger than the budget the whole budget, so it still runs', async () => {
    const q = queue();
    expect(await q.run(1_000, async () => 'ran')).toBe('ran');
  });

  it('refuses at once when its line is full, naming the wait, without starting the job', async () => {
    const q = queue({ maxRunning: 1, maxWaiting: 2 });
    const held = gate();
    const jobs = [q.run(1, held.work), q.run(1, held.work), q.run(1, held.work)];
    let ran = false;
    const refused = await q
      .run(1, async () => {
        ran = true;
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QueueFullError);
    expect(refused).toMatchObject({ queue: 'renders', retryAfterSeconds: 5 });
    expect(ran).toBe(false);
    expect(q.stats).toMatchObject({ running: 1, waiting: 2, started: 1 });
    held.open();
    await Promise.all(jobs);
  });

  it("refuses a client's job beyond its share at once, and never another client's", async () => {
    const q = queue({ maxRunning: 1, maxWaiting: 16, maxPerClient: 2 });
    const held = gate();
    const greedy = [q.run(1, held.work, 'greedy'), q.run(1, held.work, 'greedy')];
    const refused = await q.run(1, held.work, 'greedy').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QueueFullError);
    expect(refused).toMatchObject({ queue: 'renders', retryAfterSeconds: 5 });
    const other = q.run(1, async () => 'stored', 'other');
    expect(q.stats).toMatchObject({ running: 1, waiting: 2, started: 1 });
    held.open();
    expect(await other).toBe('stored');
    await Promise.all(greedy);
    // Its places are free again once its jobs are done.
    expect(await q.run(1, async () => 'again', 'greedy')).toBe('again');
  });

  it("starts the job of the client that waited longest since its last start, not the greedy client's next", async () => {
    const q = queue({ maxRunning: 1, maxWaiting: 16, maxPerClient: 2 });
    const first = gate();
    const order: string[] = [];
    const running = q.run(1, first.work, 'greedy');
    const greedyNext = q.run(1, async () => void order.push('greedy'), 'greedy');
    const other = q.run(1, async () => void order.push('other'), 'other');
    first.open();
    await Promise.all([running, greedyNext, other]);
    expect(order).toEqual(['other', 'greedy']);
  });

  it('frees what a failed job held', async () => {
    const q = queue({ maxRunning: 1 });
    await expect(
      q.run(100, async () => {
        throw new Error('decode failed');
      }),
    ).rejects.toThrow('decode failed');
    expect(q.stats).toMatchObject({ running: 0, pixelsInUse: 0 });
    expect(await q.run(100, async () => 'next')).toBe('next');
  });
});
