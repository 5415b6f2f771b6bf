import { createServer } from 'node:net';

/**
 * A loopback port nothing listens on right now: the kernel picks one, the
 * probe closes, and the caller binds it. Every server and node the tests and
 * benches start gets its own, so runs never collide.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
