import { connect } from 'node:net';
import { availableOrSkip } from './skip-or-fail.js';

/**
 * Where a test needs PostgreSQL or Redis and none is reachable, it says so in
 * a visible line and skips; under CI=true it fails instead (skip-or-fail.ts).
 */
export const POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || defaultPort) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** True when the service answers; false (with a visible line) when tests should skip. */
export async function serviceAvailable(name: 'PostgreSQL' | 'Redis'): Promise<boolean> {
  const up =
    name === 'PostgreSQL' ? await reachable(POSTGRES_URL, 5432) : await reachable(REDIS_URL, 6379);
  return availableOrSkip(up ? undefined : `${name} is not reachable`);
}
