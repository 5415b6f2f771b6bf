import { RateLimitedError } from '../../errors.js';
import type { Services } from '../../services.js';

/**
 * What a rate limit reads of a request (a GraphQL context is one): the
 * client it counts and the services that count it.
 */
export type RateLimitedRequest = {
  clientAddress: string;
  services: Pick<Services, 'clock' | 'metrics' | 'rateLimiter'>;
};

/** Counts one attempt of `operation` for this client; throws RATE_LIMITED over the limit. */
export async function enforceRateLimit(
  context: RateLimitedRequest,
  operation: string,
): Promise<void> {
  const { rateLimiter, clock, metrics } = context.services;
  const decision = await rateLimiter.hit(`${operation}:${context.clientAddress}`, clock());
  if (!decision.allowed) {
    metrics.rateLimitRefused(operation);
    throw new RateLimitedError(decision.retryAfterSeconds);
  }
}
