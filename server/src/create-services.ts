import type { Logger } from 'pino';
import { createAccessChecker } from './access/create-access-checker.js';
import { auditConsumer } from './audit/audit-consumer.js';
import { createRateLimiter } from './auth/rate-limit/rate-limiter.js';
import { createSignatureVerifier } from './auth/signature/verify-signature.js';
import { createChangeCommitter } from './changes/change-committer.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config/load-config.js';
import { createDisposalStack } from './create-disposal-stack.js';
import { createLogger } from './create-logger.js';
import { type AccountEventMessage, createAccountEvents } from './events/account-events.js';
import { liveEventsConsumer } from './events/live-events-consumer.js';
import { createImageVariants } from './images/image-variants.js';
import { createMetrics } from './metrics/create-metrics.js';
import { type Metrics, noMetrics } from './metrics/metrics.js';
import type { Services } from './services.js';
import { createDatabase } from './store/create-database.js';
import { migrateToLatest } from './store/migrate.js';
import { webhookConsumer } from './webhooks/webhook-consumer.js';
import { oldestPendingCreatedAt } from './webhooks/webhook-delivery-store.js';
import { createWebhookDispatcher } from './webhooks/webhook-dispatcher.js';

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
 * error goes on (docs/architecture.md, "Plugins and lifecycle").
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
    const verifier = createSignatureVerifier({
      chains: config.chains.map(({ id, rpcUrl }) => ({ id, rpcUrl })),
      timeoutMs: overrides.chainTimeoutMs ?? 10_000,
    });
    opened.defer('signature verifier', () => verifier.close());
    const recovery = await verifier.recovery();
    // Once, at start: an operator should know when sign-ins run the slow path.
    if (recovery.name === 'webassembly') logger.info('signature recovery: WebAssembly secp256k1');
    else logger.warn({ reason: recovery.reason }, 'signature recovery: JavaScript (fallback)');
    const metrics =
      overrides.metrics ?? (config.metricsPort === undefined ? noMetrics : createMetrics());
    const clock = overrides.clock ?? systemClock;
    const events = createAccountEvents({ redisUrl: config.redisUrl, logger });
    opened.defer('account events', () => events.close());
    // Opens nothing until its plugin starts it (webhooks/dispatch-webhooks.ts).
    const webhooks = createWebhookDispatcher({
      db: store.db,
      dialect: store.dialect,
      clock,
      config,
      logger,
      metrics,
    });
    // Every change reaches these through one path (changes/change-committer.ts).
    // Without endpoints webhooks are not a consumer at all: a sign-in then
    // costs no more than its audit event.
    const changes = createChangeCommitter<AccountEventMessage>({
      db: store.db,
      logger,
      consumers: [
        auditConsumer(),
        ...(config.webhooks.length > 0
          ? [webhookConsumer<AccountEventMessage>(config.webhooks, webhooks)]
          : []),
        liveEventsConsumer(events),
      ],
    });
    const rateLimiter = createRateLimiter({
      limitPerMinute: config.rateLimitPerMinute,
      redisUrl: config.redisUrl,
      logger,
    });
    opened.defer('rate limiter', () => rateLimiter.close());
    // Limiters of their own: each of these is counted at its own rate.
    const chainCheckLimiter = createRateLimiter({
      limitPerMinute: config.chainChecksPerMinute,
      redisUrl: config.redisUrl,
      logger,
    });
    opened.defer('chain check limiter', () => chainCheckLimiter.close());
    const rpcCallLimiter = createRateLimiter({
      limitPerMinute: config.rpcCallsPerMinute,
      redisUrl: config.redisUrl,
      logger,
    });
    opened.defer('rpc call limiter', () => rpcCallLimiter.close());
    // A limiter of its own: renders have their own rate (IMAGE_RENDERS_PER_MINUTE).
    const renderLimiter = createRateLimiter({
      limitPerMinute: config.imageRendersPerMinute,
      redisUrl: config.redisUrl,
      logger,
    });
    // `images.close()` closes only this limiter: it is on the stack from here,
    // so a cache that fails to open does not leave it connected.
    opened.defer('image render limiter', () => renderLimiter.close());
    const images = await createImageVariants({
      db: store.db,
      cacheDir: config.imageCache.dir,
      cacheMaxBytes: config.imageCache.maxBytes,
      logger,
      renderLimiter,
    });
    const access = createAccessChecker({
      db: store.db,
      rules: config.accessRules,
      chains: config.chains,
      rolesTtlSeconds: config.rolesTtlSeconds,
      timeoutMs: overrides.chainTimeoutMs ?? 10_000,
      clock,
      changes,
      logger,
      adminWallets: config.adminWallets,
    });
    // Closed first: checks under way finish their writes before the database closes.
    opened.defer('access checker', () => access.close());
    const services: Services = {
      config,
      clock,
      store,
      db: store.db,
      logger,
      verifier,
      events,
      changes,
      rateLimiter,
      chainCheckLimiter,
      rpcCallLimiter,
      metrics,
      images,
      access,
      webhooks,
      close: opened.close,
    };
    metrics.observe({
      activeSubscriptions: () => services.events.activeSubscriptions(),
      signaturePool: () => services.verifier.poolStats(),
      // Without endpoints nothing is ever stored: no query at each scrape.
      async oldestPendingWebhookSeconds() {
        if (config.webhooks.length === 0) return 0;
        const oldest = await oldestPendingCreatedAt(store.db).catch(() => undefined);
        if (oldest === undefined) return undefined;
        return oldest === null ? 0 : Math.max(0, (clock() - oldest) / 1000);
      },
    });
    return services;
  });
}
