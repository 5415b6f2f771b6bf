import { createServer } from 'node:net';
import { afterAll, expect, it, vi } from 'vitest';
import { freePort } from '../../../testing/free-port.js';
import { startTestServer } from './test-server.js';

// The harness chooses a port, then builds the server and binds it; something
// else may take the port in between. This makes that happen: the first port it
// is given is already taken.
const taken = createServer();
await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
const takenPort = (taken.address() as { port: number }).port;
afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

vi.mock('../../../testing/free-port.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../testing/free-port.js')>();
  let calls = 0;
  return { freePort: vi.fn(async () => (++calls === 1 ? takenPort : original.freePort())) };
});

it('starts on another port when the one it chose was taken before it could bind it', async () => {
  const server = await startTestServer();
  try {
    expect(vi.mocked(freePort)).toHaveBeenCalledTimes(2);
    expect(server.url).not.toContain(`:${takenPort}`);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  } finally {
    await server.close();
  }
});
