import type { Logger } from 'pino';
import {
  type ChangeCommitter,
  type ChangeConsumer,
  createChangeCommitter,
} from './changes/change-committer.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config/load-config.js';
import { createDisposalStack } from './create-disposal-stack.js';
import { createLogger } from './create-logger.js';
import type { AccountEventMessage } from './events/account-events.js';
import { createMetrics } from './metrics/create-metrics.js';
import { type Metrics, noMetrics } from './metrics/metrics.js';
import { modules } from './modules.js';
import type { Services } from './services.js';
import { createDatabase } from './store/create-database.js';
import { migrateToLatest } from './store/migrate.js';

export type CreateServicesOverrides = {
  clock?: Clock;
  logger?: Logger;
  /** The deadline of a contract-wallet check, and of an access rules check. @default 10000 */
  chainTimeoutMs?: number;
  /** @default prom-client metrics when METRICS_PORT is set, otherwise none */
  metrics?: Metrics;
};

/**
 * The shared services, each resource's closer pushed as it is opened:
 * `services.close()` closes them last opened first, and a start that fails
 * half-way (migrations, the image cache) closes what it had opened before its
 * error goes on (docs/architecture.md, "Plugins and lifecycle"). The
 * platform's come first, then each module's, in the order of modules.ts.
 */
export async function createServices(
  config: Config,
  overrides: CreateServicesOverrides = {},
): Promise<Services> {
  const logger = overrides.logger ?? createLogger(config);
  const opened = createDisposalStack(logger);
  return opened.openAll(async () => {
    const store = createDatabase(config.database, {
      logger,
      // One instance (no REDIS_URL) is the database's only writer: see store/read-cache.ts.
      readCache: config.redisUrl === undefined,
    });
    opened.defer('database', () => store.close());
    await migrateToLatest(store);
    const metrics =
      overrides.metrics ?? (config.metricsPort === undefined ? noMetrics : createMetrics());
    const clock = overrides.clock ?? systemClock;
    // Every change reaches its consumers through one path
    // (changes/change-committer.ts). They are the modules', known once every
    // module has opened; a module may hold `changes` before then, not use it.
    let committer: ChangeCommitter<AccountEventMessage> | undefined;
    const changes: ChangeCommitter<AccountEventMessage> = {
      commit(work) {
        if (committer === undefined) throw new Error('a change was committed while starting');
        return committer.commit(work);
      },
    };
    // Each module adds its own services below (its descriptor's file declares them).
    const services = {
      config,
      clock,
      store,
      db: store.db,
      logger,
      changes,
      metrics,
      close: opened.close,
    } as Services;
    const chainTimeoutMs = overrides.chainTimeoutMs ?? 10_000;
    for (const module of modules) {
      Object.assign(
        services,
        await module.openServices?.({ services, defer: opened.defer, chainTimeoutMs }),
      );
    }
    const consumers: ChangeConsumer<AccountEventMessage>[] = modules.flatMap(
      (module) => module.changeConsumers?.(services) ?? [],
    );
    committer = createChangeCommitter({ db: store.db, logger, consumers });
    metrics.observe(Object.assign({}, ...modules.map((module) => module.metrics?.(services))));
    return services;
  });
}
