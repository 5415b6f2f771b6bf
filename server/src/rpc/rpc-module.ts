import { createRateLimiter, type RateLimiter } from '../auth/rate-limit/rate-limiter.js';
import type { SigilModule } from '../sigil-module.js';
import { serveRpc } from './serve-rpc.js';

declare module '../services.js' {
  interface Services {
    /** JSON-RPC calls per client through /rpc/<id> (RPC_CALLS_PER_MINUTE). */
    rpcCallLimiter: RateLimiter;
  }
}

/** The read-only JSON-RPC route (docs/operations.md, "The JSON-RPC route"). */
export const rpcModule: SigilModule = {
  name: 'rpc',
  openServices({ services: { config, logger }, defer }) {
    // A limiter of its own: each of these is counted at its own rate.
    const rpcCallLimiter = createRateLimiter({
      limitPerMinute: config.rpcCallsPerMinute,
      redisUrl: config.redisUrl,
      logger,
    });
    defer('rpc call limiter', () => rpcCallLimiter.close());
    return { rpcCallLimiter };
  },
  routes(app, services) {
    app.register(serveRpc, { services });
  },
};
