import { expect, it } from 'vitest';
import { createPortAllocator, freePort, onFreePort, saysPortTaken } from './free-port.js';

// A CI run failed when the kernel gave a test's METRICS_PORT and then its
// server's PORT the same ephemeral port: the server refused to start.

it('never hands out a port twice, even when the kernel offers it again', async () => {
  // A fake kernel (the real one cannot be made to repeat itself on demand).
  const offers = [41571, 41571, 41571, 41572];
  const allocate = createPortAllocator(async () => offers.shift() as number);
  expect([await allocate(), await allocate()]).toEqual([41571, 41572]);
});

it('gives up with a clear error when the kernel offers nothing new', async () => {
  const allocate = createPortAllocator(async () => 41571);
  await allocate();
  await expect(allocate()).rejects.toThrow(/ports already handed out/);
});

it('hands out loopback ports nothing listens on', async () => {
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  expect(new Set(ports).size).toBe(20);
  for (const port of ports) expect(port).toBeGreaterThan(0);
});

it('starts again on another port when the chosen one was taken before the bind', async () => {
  const { createServer } = await import('node:net');
  const tried: number[] = [];
  const port = await onFreePort(async (candidate) => {
    tried.push(candidate);
    if (tried.length === 1) {
      // Someone else takes the port in the gap: the start sees EADDRINUSE.
      const thief = createServer();
      await new Promise<void>((resolve) => thief.listen(candidate, '127.0.0.1', resolve));
      const mine = createServer();
      try {
        await new Promise<void>((resolve, reject) => {
          mine.once('error', reject);
          mine.listen(candidate, '127.0.0.1', resolve);
        });
      } finally {
        thief.close();
      }
    }
    return candidate;
  });
  expect(tried).toHaveLength(2);
  expect(port).toBe(tried[1]);
  expect(port).not.toBe(tried[0]);
});

it('does not retry a failure that is not a taken port', async () => {
  let calls = 0;
  await expect(
    onFreePort(async () => {
      calls += 1;
      throw new Error('bad configuration');
    }),
  ).rejects.toThrow('bad configuration');
  expect(calls).toBe(1);
});

it("reads a taken port in Node's code and in the words of redis-server and postgres", () => {
  expect(saysPortTaken(Object.assign(new Error('listen'), { code: 'EADDRINUSE' }))).toBe(true);
  expect(
    saysPortTaken(
      new Error('x'),
      'Warning: Could not create server TCP listening socket 127.0.0.1:6390: bind: Address already in use',
    ),
  ).toBe(true);
  expect(
    saysPortTaken(
      new Error('pg_ctl failed'),
      'LOG:  could not bind IPv4 address "127.0.0.1": Address already in use',
    ),
  ).toBe(true);
  expect(
    saysPortTaken(new Error('role "x" does not exist'), 'FATAL:  database files are incompatible'),
  ).toBe(false);
});
