import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** Redis as /readyz reports it: 'down' degrades the instance, it never stops it. */
export type RedisHealth = 'ok' | 'down' | 'off';

export type CreateRedisClientOptions = {
  logger: Pick<Logger, 'warn' | 'info'>;
  /** Names the client in logs. */
  name: string;
  /**
   * Queue commands while disconnected and send them on reconnection, instead
   * of failing them at once. @default false
   */
  queueWhileDown?: boolean;
};

/**
 * A Redis client that never holds a request hostage to an outage: without a
 * connection its commands fail at once (callers fall back to what this
 * instance can do alone), it reconnects by itself, and it says in the log
 * once when Redis goes and once when it is back, not on every retry.
 */
export function createRedisClient(url: string, options: CreateRedisClientOptions): Redis {
  const { logger, name, queueWhileDown = false } = options;
  const client = new Redis(url, {
    enableOfflineQueue: queueWhileDown,
    maxRetriesPerRequest: queueWhileDown ? null : 1,
    // Retry every half second up to 2 s apart: it is back as soon as Redis is.
    retryStrategy: (attempt) => Math.min(attempt * 500, 2000),
  });
  let down = false;
  client.on('error', (error) => {
    if (down) return;
    down = true;
    logger.warn({ err: error }, `redis (${name}) is unreachable: running on this instance alone`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info(`redis (${name}) is back`);
  });
  return client;
}
