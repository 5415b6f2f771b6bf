import { connect } from 'node:net';
import { onFreePort } from '../free-port.js';
import { type CappedChild, spawnCapped } from '../spawn-capped.js';

/**
 * A Redis server of the machine's own installation (`redis-server`), on a
 * port of its own, that a test may stop and start again at will. Outage
 * tests use it instead of the machine's shared Redis, so taking Redis away
 * never disturbs another suite or another run on the same machine.
 */
export type PrivateRedis = {
  url: string;
  /** Stops the server (its data is gone: it keeps nothing on disk). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
};

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  let server: CappedChild | undefined;
  const startOn = (port: number) => async () => {
    server = spawnCapped({
      command: 'redis-server',
      args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    });
    await server.waitUntilReady({ ready: () => accepts(port), what: `redis on ${port}` });
  };
  // Another process may take the probed port before redis-server binds it: then another port.
  const port = await onFreePort(async (candidate) => {
    await startOn(candidate)();
    return candidate;
  });
  const start = startOn(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      await server?.stop();
      server = undefined;
    },
  };
}
