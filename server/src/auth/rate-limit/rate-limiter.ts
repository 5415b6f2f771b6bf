import { Redis } from 'ioredis';

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one attempt of `key` and says whether it may proceed. */
  hit(key: string, now: number): Promise<RateLimitDecision>;
  close(): Promise<void>;
};

const WINDOW_MS = 60_000;

function decide(
  count: number,
  limit: number,
  windowEndsAt: number,
  now: number,
): RateLimitDecision {
  if (count <= limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now) / 1000)) };
}

/**
 * Fixed one-minute windows per key. In memory for one instance; with Redis the
 * count is shared, so N instances behind a load balancer allow N× nothing.
 */
export function createRateLimiter(p: {
  limitPerMinute: number;
  redisUrl?: string | undefined;
}): RateLimiter {
  if (p.redisUrl) return createRedisRateLimiter(p.limitPerMinute, new Redis(p.redisUrl));
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async hit(key, now) {
      const start = now - (now % WINDOW_MS);
      let window = windows.get(key);
      if (!window || window.start !== start) {
        // Old windows are dropped as their keys come back; sweep the rest so
        // a flood of distinct client addresses cannot grow the map forever.
        if (windows.size > 100_000) {
          for (const [k, w] of windows) if (w.start !== start) windows.delete(k);
        }
        window = { start, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return decide(window.count, p.limitPerMinute, start + WINDOW_MS, now);
    },
    async close() {
      windows.clear();
    },
  };
}

function createRedisRateLimiter(limit: number, redis: Redis): RateLimiter {
  return {
    async hit(key, now) {
      const start = now - (now % WINDOW_MS);
      const redisKey = `sigil:rate:${key}:${start}`;
      const [[, count] = []] = (await redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, WINDOW_MS * 2)
        .exec()) as [[Error | null, number]];
      return decide(Number(count), limit, start + WINDOW_MS, now);
    },
    async close() {
      redis.disconnect();
    },
  };
}
