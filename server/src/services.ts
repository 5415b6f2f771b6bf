import type { Logger } from 'pino';
import type { ChangeCommitter } from './changes/change-committer.js';
import type { Clock } from './clock.js';
import type { Config } from './config/load-config.js';
import type { AccountEventMessage, AccountEvents } from './events/account-events.js';
import type { Metrics } from './metrics/metrics.js';
import type { Store } from './store/create-database.js';
import type { Db } from './store/database.js';

/**
 * What every module receives instead of reaching for globals: built once by
 * `create-services.ts`, replaced piecewise in tests (a moved clock, a short
 * RPC timeout). These are the platform's; each module adds its own from its
 * descriptor's file (declaration merging, docs/architecture.md, "How to add
 * a module"), so this file names no module.
 */
export interface Services {
  config: Config;
  clock: Clock;
  store: Store;
  db: Db;
  events: AccountEvents;
  /**
   * The one way a change is committed: audit event and webhook messages in
   * its transaction, live events and the dispatcher's wake after the commit
   * (docs/architecture.md, "The path of a change").
   */
  changes: ChangeCommitter<AccountEventMessage>;
  /** Counters and readings for Prometheus; does nothing when METRICS_PORT is off. */
  metrics: Metrics;
  logger: Logger;
  /**
   * Closes what `createServices` opened, last opened first, once
   * (create-disposal-stack.ts). The app calls it after every plugin has
   * closed what it opened; nothing below the composition root should.
   */
  close(): Promise<void>;
}
