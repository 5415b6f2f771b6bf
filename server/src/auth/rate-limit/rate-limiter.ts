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
  /**
   * Whether `key` is already over its limit, without counting an attempt:
   * for limits on failures only (wrong device codes), where a success must
   * not be counted but must not get through a limit either.
   */
  check(key: string, now: number): Promise<RateLimitDecision>;
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

  const windowOf = (now: number) => {
    const start = now - (now % WINDOW_MS);
    return { start, retryAfterSeconds: Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000)) };
  };
  return {
    async hit(key, now, points = 1) {
      const { start, retryAfterSeconds } = windowOf(now);
      try {
        await limiter.consume(`${key}:${start}`, points);
        return { allowed: true };
      } catch (refusal) {
        // The library refuses with a RateLimiterRes; anything else is a store error.
        if (refusal instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds };
        throw refusal;
      }
    },
    async check(key, now) {
      const { start, retryAfterSeconds } = windowOf(now);
      // A store error is no refusal: the next hit counts on the insurance limiter.
      const counted = await limiter.get(`${key}:${start}`).catch(() => null);
      return counted && counted.consumedPoints > p.limitPerMinute
        ? { allowed: false, retryAfterSeconds }
        : { allowed: true };
    },
    redisHealth: () => (redis ? (redis.status === 'ready' ? 'ok' : 'down') : 'off'),
    async close() {
      redis?.disconnect();
    },
  };
}
