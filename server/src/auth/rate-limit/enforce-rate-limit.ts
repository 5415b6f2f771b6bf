import { RateLimitedError } from '../../errors.js';
import type { GraphQLContext } from '../../graphql/context.js';

/** Counts one attempt of `operation` for this client; throws RATE_LIMITED over the limit. */
export async function enforceRateLimit(context: GraphQLContext, operation: string): Promise<void> {
  const { rateLimiter, clock, metrics } = context.services;
  const decision = await rateLimiter.hit(`${operation}:${context.clientAddress}`, clock());
  if (!decision.allowed) {
    metrics.rateLimitRefused(operation);
    throw new RateLimitedError(decision.retryAfterSeconds);
  }
}
