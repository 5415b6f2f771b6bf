import type { SigilModule } from '../sigil-module.js';
import { authResolvers } from './auth-resolvers.js';
import { linkWalletResolvers } from './link-wallet-resolvers.js';
import { deleteStaleNonces } from './nonce/nonce-store.js';
import { createRateLimiter, type RateLimiter } from './rate-limit/rate-limiter.js';

declare module '../services.js' {
  interface Services {
    rateLimiter: RateLimiter;
    /** Contract-wallet checks per client (CHAIN_CHECKS_PER_MINUTE): the operator's RPC quota is not a sign-in's to spend freely. */
    chainCheckLimiter: RateLimiter;
  }
}

/** Sign-in (docs/sign-in.md): nonces, the sign-in policy and the rate limits. */
export const authModule: SigilModule = {
  name: 'auth',
  openServices({ services: { config, logger }, defer }) {
    const rateLimiter = createRateLimiter({
      limitPerMinute: config.rateLimitPerMinute,
      redisUrl: config.redisUrl,
      logger,
    });
    defer('rate limiter', () => rateLimiter.close());
    // A limiter of its own: each of these is counted at its own rate.
    const chainCheckLimiter = createRateLimiter({
      limitPerMinute: config.chainChecksPerMinute,
      redisUrl: config.redisUrl,
      logger,
    });
    defer('chain check limiter', () => chainCheckLimiter.close());
    return { rateLimiter, chainCheckLimiter };
  },
  resolvers: [authResolvers, linkWalletResolvers],
  queryCost: {
    lists: (config) => ({
      'SignInParameters.chains': () => config.chains.length,
      'SignInParameters.solanaClusters': () => Math.max(1, config.solanaClusters.length),
    }),
  },
  housekeeping: [
    {
      table: 'nonces',
      deleteBatch: ({ db, clock }, batchSize) => deleteStaleNonces(db, { now: clock(), batchSize }),
    },
  ],
};
