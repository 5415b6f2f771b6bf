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
  /**
   * The client only subscribes (pub/sub). Its ready check is off: ioredis
   * checks readiness with INFO, which Redis refuses on a connection already
   * in subscriber mode; a SUBSCRIBE sent between connecting and that check
   * (a subscription made at start, as the socket registry's is) made the
   * check fail, the client reconnect, and the subscription vanish: an
   * instance then never heard other instances' session ends. @default false
   */
  subscriber?: boolean;
};

/**
 * A Redis client that never holds a request hostage to an outage: without a
 * connection its commands fail at once (callers fall back to what this
 * instance can do alone), it reconnects by itself, and it says in the log
 * once when Redis goes and once when it is back, not on every retry.
 */
export function createRedisClient(url: string, options: CreateRedisClientOptions): Redis {
  const { logger, name, queueWhileDown = false, subscriber = false } = options;
  const client = new Redis(url, {
    enableReadyCheck: !subscriber,
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
