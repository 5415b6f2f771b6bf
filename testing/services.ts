import { connect } from 'node:net';

/**
 * Where a test needs PostgreSQL or Redis and none is reachable, it says so in
 * a visible line and skips; under CI=true it fails instead, so a missing
 * service can never turn a red run green.
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
  if (up) return true;
  if (process.env.CI) {
    throw new Error(`${name} is not reachable and CI is set: these tests must run in CI.`);
  }
  console.warn(`\n  !! ${name} is not reachable: skipping its tests (they fail under CI=true).\n`);
  return false;
}
