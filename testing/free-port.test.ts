import { expect, it } from 'vitest';
import { createPortAllocator, freePort } from './free-port.js';

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
