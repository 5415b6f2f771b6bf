import { RateLimitedError } from '../../errors.js';
import type { Services } from '../../services.js';

/** What spendChainCheck reads of the services. */
export type SpendChainCheckServices = Pick<Services, 'chainCheckLimiter' | 'clock' | 'metrics'>;

/**
 * Counts one contract-wallet check of this client's sign-ins and links
 * (CHAIN_CHECKS_PER_MINUTE); throws RATE_LIMITED over the budget, before the
 * chain is asked. Refused rather than answered as a bad signature: a
 * contract wallet's owner who is refused learns to wait, not that the
 * signature was wrong (docs/sign-in.md, "Signature recovery").
 */
export async function spendChainCheck(
  services: SpendChainCheckServices,
  clientAddress: string,
): Promise<void> {
  const { chainCheckLimiter, clock, metrics } = services;
  const decision = await chainCheckLimiter.hit(`chainCheck:${clientAddress}`, clock());
  if (!decision.allowed) {
    metrics.rateLimitRefused('chainCheck');
    throw new RateLimitedError(decision.retryAfterSeconds);
  }
}
