import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { createRedisClient } from '../../store/create-redis-client.js';

/**
 * The seconds a device waits between polls (RFC 8628 §3.2 `interval`, and
 * the RFC's default): a poll sooner than that after the last one answers
 * `slow_down` (§3.5).
 */
export const POLL_INTERVAL_SECONDS = 5;

export type DevicePollPace = {
  /** Counts a poll of this device code; false when it came sooner than the interval allows. */
  inPace(deviceCode: string): Promise<boolean>;
  close(): Promise<void>;
};

/**
 * One poll per device code per interval, counted by rate-limiter-flexible: in
 * memory for one instance, in Redis when there is one, so a device whose polls
 * a load balancer spreads over instances is paced as one. While Redis is
 * unreachable each instance paces alone. The window is the library's own
 * (Date.now), as the provider's expiry is.
 */
export function createDevicePollPace(p: {
  redisUrl?: string | undefined;
  logger: Pick<Logger, 'warn' | 'info'>;
}): DevicePollPace {
  const options = { points: 1, duration: POLL_INTERVAL_SECONDS };
  const redis = p.redisUrl
    ? createRedisClient(p.redisUrl, { logger: p.logger, name: 'device polls' })
    : undefined;
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: redis,
        keyPrefix: 'sigil:device-poll',
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : new RateLimiterMemory(options);
  return {
    async inPace(deviceCode) {
      try {
        // The device code is a bearer secret: Redis holds only its hash.
        await limiter.consume(createHash('sha256').update(deviceCode).digest('base64url'));
        return true;
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return false;
        throw refusal;
      }
    },
    async close() {
      redis?.disconnect();
    },
  };
}
