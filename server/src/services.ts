import type { Logger } from 'pino';
import type { AccessChecker } from './access/create-access-checker.js';
import type { RateLimiter } from './auth/rate-limit/rate-limiter.js';
import type { SignatureVerifier } from './auth/signature/verify-signature.js';
import type { ChangeCommitter } from './changes/change-committer.js';
import type { Clock } from './clock.js';
import type { Config } from './config/load-config.js';
import type { AccountEventMessage, AccountEvents } from './events/account-events.js';
import type { ImageVariants } from './images/image-variants.js';
import type { Metrics } from './metrics/metrics.js';
import type { Store } from './store/create-database.js';
import type { Db } from './store/database.js';
import type { WebhookDispatcher } from './webhooks/webhook-dispatcher.js';

/**
 * What every module receives instead of reaching for globals: built once by
 * `create-services.ts`, replaced piecewise in tests (a moved clock, a short
 * RPC timeout).
 */
export type Services = {
  config: Config;
  clock: Clock;
  store: Store;
  db: Db;
  verifier: SignatureVerifier;
  events: AccountEvents;
  /**
   * The one way a change is committed: audit event and webhook messages in
   * its transaction, live events and the dispatcher's wake after the commit
   * (docs/architecture.md, "The path of a change").
   */
  changes: ChangeCommitter<AccountEventMessage>;
  rateLimiter: RateLimiter;
  /** Contract-wallet checks per client (CHAIN_CHECKS_PER_MINUTE): the operator's RPC quota is not a sign-in's to spend freely. */
  chainCheckLimiter: RateLimiter;
  /** JSON-RPC calls per client through /rpc/<id> (RPC_CALLS_PER_MINUTE). */
  rpcCallLimiter: RateLimiter;
  /** Counters and readings for Prometheus; does nothing when METRICS_PORT is off. */
  metrics: Metrics;
  /** Resized image variants, cached on local disk. */
  images: ImageVariants;
  /** The access rules, checked per account (docs/access.md). */
  access: AccessChecker;
  /** Sends the stored webhook messages (docs/webhooks.md); started and stopped by its plugin. */
  webhooks: WebhookDispatcher;
  logger: Logger;
  /**
   * Closes what `createServices` opened, last opened first, once
   * (create-disposal-stack.ts). The app calls it after every plugin has
   * closed what it opened; nothing below the composition root should.
   */
  close(): Promise<void>;
};
