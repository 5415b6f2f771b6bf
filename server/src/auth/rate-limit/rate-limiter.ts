import type { Logger } from 'pino';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { createRedisClient, type RedisHealth } from '../../store/create-redis-client.js';

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts `points` attempts of `key` (one by default) and says whether they may proceed. */
  hit(key: string, now: number, points?: number): Promise<RateLimitDecision>;
  /** Redis's state for /readyz: 'off' without REDIS_URL. */
  redisHealth(): RedisHealth;
  close(): Promise<void>;
};

const WINDOW_MS = 60_000;
/** Counters outlive their window by one, so a late hit still finds its count. */
const KEEP_SECONDS = (2 * WINDOW_MS) / 1000;

/**
 * Fixed one-minute windows per key, counted by rate-limiter-flexible: in
 * memory for one instance; with Redis the count is shared, so N instances
 * behind a load balancer allow N× nothing. While Redis is unreachable each
 * instance counts alone (the library's insurance limiter) rather than making
 * sign-in wait on Redis or fail.
 *
 * The window comes from the server's clock (`now`) and is part of the key,
 * not the library's own timer: tests move the injected clock past a window,
 * and every instance agrees on when a window starts.
 */
export function createRateLimiter(p: {
  limitPerMinute: number;
  redisUrl?: string | undefined;
  logger: Pick<Logger, 'warn' | 'info'>;
}): RateLimiter {
  const options = { points: p.limitPerMinute, duration: KEEP_SECONDS };
  const redis = p.redisUrl
    ? createRedisClient(p.redisUrl, { logger: p.logger, name: 'rate limits' })
    : undefined;
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: redis,
        keyPrefix: 'sigil:rate',
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : new RateLimiterMemory(options);

  return {
    async hit(key, now, points = 1) {
      const start = now - (now % WINDOW_MS);
      const retryAfterSeconds = Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000));
      try {
        await limiter.consume(`${key}:${start}`, points);
        return { allowed: true };
      } catch (refusal) {
        // The library refuses with a RateLimiterRes; anything else is a store error.
        if (refusal instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds };
        throw refusal;
      }
    },
    redisHealth: () => (redis ? (redis.status === 'ready' ? 'ok' : 'down') : 'off'),
    async close() {
      redis?.disconnect();
    },
  };
}
