import Fastify, { type FastifyInstance } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { createAccessChecker } from './access/create-access-checker.js';
import { auditConsumer } from './audit/audit-consumer.js';
import { registerAuditLogExport } from './audit/audit-log-route.js';
import { createRateLimiter } from './auth/rate-limit/rate-limiter.js';
import { createSignatureVerifier } from './auth/signature/verify-signature.js';
import { createChangeCommitter } from './changes/change-committer.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config/load-config.js';
import { type AccountEventMessage, createAccountEvents } from './events/account-events.js';
import { liveEventsConsumer } from './events/live-events-consumer.js';
import { type Every, scheduleHousekeeping } from './housekeeping/schedule-housekeeping.js';
import { requestIdFor, trustProxy } from './http/client-address.js';
import { compressResponses } from './http/compress-responses.js';
import { registerCookies } from './http/cookies.js';
import { registerCors } from './http/cors.js';
import { drainConnectionsOnClose } from './http/drain-connections.js';
import { createHttpYoga, registerGraphQLRoute } from './http/graphql-route.js';
import { acceptUploadsOnGraphQL } from './http/graphql-uploads.js';
import { registerGraphQLWebSocket } from './http/graphql-websocket.js';
import { registerHealth } from './http/health.js';
import { limitEventStreams } from './http/limit-event-streams.js';
import { rejectMalformedHost } from './http/reject-malformed-host.js';
import { RequestLogController } from './http/request-log-controller.js';
import { runtimeConfig } from './http/runtime-config.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createStreamBudget } from './http/stream-budget.js';
import { registerWebApp } from './http/web-app.js';
import { registerImageRoute } from './images/image-route.js';
import { createImageVariants } from './images/image-variants.js';
import { createMetrics } from './metrics/create-metrics.js';
import { type Metrics, noMetrics } from './metrics/metrics.js';
import { registerOidc } from './oidc/register-oidc.js';
import type { Services } from './services.js';
import { createDatabase } from './store/create-database.js';
import { migrateToLatest } from './store/migrate.js';
import { webhookConsumer } from './webhooks/webhook-consumer.js';
import { oldestPendingCreatedAt } from './webhooks/webhook-delivery-store.js';
import { createWebhookDispatcher } from './webhooks/webhook-dispatcher.js';

/** The largest request body accepted: far above any real sign-in, far below harm. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export type CreateServicesOverrides = {
  clock?: Clock;
  logger?: Logger;
  /** The deadline of a contract-wallet check, and of an access rules check. @default 10000 */
  chainTimeoutMs?: number;
  /** @default prom-client metrics when METRICS_PORT is set, otherwise none */
  metrics?: Metrics;
};

/**
 * Logs never carry tokens: cookies and set-cookie are redacted wherever they
 * appear. `destination` (stdout by default) lets tests read what production logs.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.cookie',
        '*.token',
        'token',
      ],
      censor: '[redacted]',
    },
  };
  // Asynchronous stdout: a line is written as soon as the previous write is
  // done, so lines that pile up under load go out in one write instead of one
  // blocking write each. At the default level (two lines per request) that
  // raised authenticated `me` queries per server CPU-second from about 1,450
  // to 1,600 before to about 1,830 (bench/me-throughput.ts). pino flushes
  // what is left synchronously when the process exits (test/log-flush.test.ts).
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}

export async function createServices(
  config: Config,
  overrides: CreateServicesOverrides = {},
): Promise<Services> {
  const logger = overrides.logger ?? createLogger(config);
  const store = createDatabase(config.database, {
    logger,
    // One instance (no REDIS_URL) is the database's only writer: see store/read-cache.ts.
    readCache: config.redisUrl === undefined,
  });
  await migrateToLatest(store);
  const verifier = createSignatureVerifier({
    chains: config.chains.map(({ id, rpcUrl }) => ({ id, rpcUrl })),
    timeoutMs: overrides.chainTimeoutMs ?? 10_000,
  });
  const recovery = await verifier.recovery();
  // Once, at start: an operator should know when sign-ins run the slow path.
  if (recovery.name === 'webassembly') logger.info('signature recovery: WebAssembly secp256k1');
  else logger.warn({ reason: recovery.reason }, 'signature recovery: JavaScript (fallback)');
  const metrics =
    overrides.metrics ?? (config.metricsPort === undefined ? noMetrics : createMetrics());
  const clock = overrides.clock ?? systemClock;
  const events = createAccountEvents({ redisUrl: config.redisUrl, logger });
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
  const services: Services = {
    config,
    clock,
    store,
    db: store.db,
    logger,
    verifier,
    events,
    changes,
    rateLimiter: createRateLimiter({
      limitPerMinute: config.rateLimitPerMinute,
      redisUrl: config.redisUrl,
      logger,
    }),
    metrics,
    images: await createImageVariants({
      db: store.db,
      cacheDir: config.imageCache.dir,
      cacheMaxBytes: config.imageCache.maxBytes,
      logger,
      // A limiter of its own: renders have their own rate (IMAGE_RENDERS_PER_MINUTE).
      renderLimiter: createRateLimiter({
        limitPerMinute: config.imageRendersPerMinute,
        redisUrl: config.redisUrl,
        logger,
      }),
    }),
    access: createAccessChecker({
      db: store.db,
      rules: config.accessRules,
      chains: config.chains,
      rolesTtlSeconds: config.rolesTtlSeconds,
      timeoutMs: overrides.chainTimeoutMs ?? 10_000,
      clock,
      changes,
      logger,
      adminWallets: config.adminWallets,
    }),
    webhooks,
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
}

export type BuildAppOptions = {
  /** Where the web build lives. @default web/dist */
  webRoot?: string;
  /** The housekeeping timer; tests pass one they fire by hand. @default every 5 minutes */
  housekeepingTimer?: Every;
};

/** The whole server as one Fastify instance; `close()` releases every resource. */
export async function buildApp(
  services: Services,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const { config, logger } = services;
  // Typed as the default instance: the register* plugins need no pino specifics.
  const trust = trustProxy(config);
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Forwarded-For and x-request-id are believed from TRUST_PROXY's hops only.
    trustProxy: trust,
    genReqId: (req) => requestIdFor(req, trust),
    requestIdHeader: false,
    return503OnClosing: true,
    // One access line per request, not Fastify's two.
    logController: new RequestLogController(),
  }) as unknown as FastifyInstance;

  registerSecurityHeaders(app, config);
  // Before every route: its onSend hook is attached to the routes registered after it.
  await compressResponses(app);
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  rejectMalformedHost(app);
  drainConnectionsOnClose(app);
  await registerCors(app, config);
  await registerCookies(app);
  registerHealth(app, services);
  app.get('/api/config', async (_req, reply) =>
    reply.header('cache-control', 'no-cache').send(runtimeConfig(config)),
  );
  registerImageRoute(app, services);
  registerAuditLogExport(app, services);
  acceptUploadsOnGraphQL(app);
  const yoga = createHttpYoga(services);
  // Websockets and event streams share one budget per client and per session.
  const streams = createStreamBudget();
  const websocket = await registerGraphQLWebSocket(app, services, yoga, streams);
  registerGraphQLRoute(app, services, yoga, websocket, limitEventStreams(services, streams));
  await registerOidc(app, services);
  await registerWebApp(app, options.webRoot, services);

  // Ended sessions and spent nonces are deleted on a schedule; sign-ins stay.
  const housekeeping = scheduleHousekeeping(services, {
    ...(options.housekeepingTimer && { every: options.housekeepingTimer }),
  });
  await services.webhooks.start();
  // Webhook attempts in flight get most of SHUTDOWN_TIMEOUT to finish, beside
  // the requests draining; what is left is handed back to be sent again.
  let webhooksStopped: Promise<void> | undefined;
  const stopWebhooks = () => {
    webhooksStopped ??= services.webhooks
      .stop(config.shutdownTimeoutSeconds * 750)
      .catch((error: unknown) => {
        // Leases not handed back run out: another instance, or the next start, sends those.
        logger.warn({ err: error }, 'webhook attempts in flight could not be handed back');
      });
    return webhooksStopped;
  };

  // A shutdown's first moment: Fastify now answers every new request 503
  // (/readyz included) and stops listening once the preClose hooks are done;
  // open event streams (SSE) complete, so in-flight work is all it waits for.
  app.addHook('preClose', async () => {
    logger.info('closing: new requests are refused, sockets and event streams are ending');
    void stopWebhooks();
    await services.events.endSubscriptions();
  });
  app.addHook('onClose', async () => {
    await housekeeping.stop();
    await stopWebhooks();
    // Checks under way finish their writes before the database closes.
    await services.access.close();
    await services.events.close();
    await services.verifier.close();
    await services.rateLimiter.close();
    await services.images.close();
    await services.store.close();
  });
  return app;
}
