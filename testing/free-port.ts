import { createServer } from 'node:net';

/**
 * Hands out ports from `probe`, never the same one twice. The kernel may give
 * the same ephemeral port to two probes in a row once the first has closed,
 * and a caller that asked twice (PORT and METRICS_PORT, say) needs two ports:
 * a server refuses to start with both the same.
 */
export function createPortAllocator(probe: () => Promise<number>): () => Promise<number> {
  const handedOut = new Set<number>();
  return async () => {
    for (let attempt = 1; attempt <= 100; attempt++) {
      const port = await probe();
      if (!handedOut.has(port)) {
        handedOut.add(port);
        return port;
      }
    }
    throw new Error('freePort: the kernel kept offering ports already handed out');
  };
}

/** A loopback port the kernel says is free: bound to port 0, read, closed. */
function probeKernel(): Promise<number> {
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

/**
 * A loopback port nothing listens on right now, and one this process has not
 * handed out before; the caller binds it. Every server and node the tests and
 * benches start gets its own, so runs never collide.
 */
export const freePort = createPortAllocator(probeKernel);

/** Thrown by a start that found its port taken: `onFreePort` tries another. */
export class PortTakenError extends Error {}

/** Node's code, and the words of servers that are not Node (redis-server, postgres). */
const PORT_TAKEN = /EADDRINUSE|address already in use/i;

/** Whether an error (or its output) says the port was taken by someone else. */
export function saysPortTaken(error: unknown, output = ''): boolean {
  return (
    error instanceof PortTakenError ||
    (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE' ||
    PORT_TAKEN.test(output) ||
    PORT_TAKEN.test(String((error as Error | undefined)?.message ?? ''))
  );
}

/**
 * Runs `start` on a free port, and again on another one when the port was
 * taken between the probe and the bind (another test file's server or
 * outgoing connection can get the same ephemeral port in that gap). A CI run
 * failed on exactly that: a spawned server's "listen EADDRINUSE".
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await start(port);
    } catch (error) {
      if (!saysPortTaken(error) || attempt === attempts) throw error;
    }
  }
}
