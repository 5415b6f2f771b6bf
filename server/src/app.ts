import Fastify, { type FastifyInstance } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { deleteStaleNonces } from './auth/nonce/nonce-store.js';
import { createRateLimiter } from './auth/rate-limit/rate-limiter.js';
import { createSignatureVerifier } from './auth/signature/verify-signature.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { createAccountEvents } from './events/account-events.js';
import { requestIdFor, trustProxy } from './http/client-address.js';
import { registerCors } from './http/cors.js';
import { drainConnectionsOnClose } from './http/drain-connections.js';
import { createHttpYoga, registerGraphQLRoute } from './http/graphql-route.js';
import { registerGraphQLWebSocket } from './http/graphql-websocket.js';
import { registerHealth } from './http/health.js';
import { rejectMalformedHost } from './http/reject-malformed-host.js';
import { runtimeConfig } from './http/runtime-config.js';
import { securityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import type { Services } from './services.js';
import { createDatabase } from './store/create-database.js';
import { migrateToLatest } from './store/migrate.js';

/** The largest request body accepted: far above any real sign-in, far below harm. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export type CreateServicesOverrides = {
  clock?: Clock;
  logger?: Logger;
  /** The deadline of a contract-wallet check. @default 10000 */
  chainTimeoutMs?: number;
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
  return destination ? pino(options, destination) : pino(options);
}

export async function createServices(
  config: Config,
  overrides: CreateServicesOverrides = {},
): Promise<Services> {
  const logger = overrides.logger ?? createLogger(config);
  const store = createDatabase(config.database, logger);
  await migrateToLatest(store);
  return {
    config,
    clock: overrides.clock ?? systemClock,
    store,
    db: store.db,
    logger,
    verifier: createSignatureVerifier({
      chains: config.chains.map(({ id, rpcUrl }) => ({ id, rpcUrl })),
      timeoutMs: overrides.chainTimeoutMs ?? 10_000,
    }),
    events: createAccountEvents({ redisUrl: config.redisUrl, logger }),
    rateLimiter: createRateLimiter({
      limitPerMinute: config.rateLimitPerMinute,
      redisUrl: config.redisUrl,
      logger,
    }),
  };
}

export type BuildAppOptions = {
  /** Where the web build lives. @default web/dist */
  webRoot?: string;
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
  }) as unknown as FastifyInstance;

  const headers = securityHeaders(config);
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(headers);
    reply.header('x-request-id', req.id);
  });
  rejectMalformedHost(app);
  drainConnectionsOnClose(app);
  registerCors(app, config);
  registerHealth(app, services);
  app.get('/api/config', async (_req, reply) =>
    reply.header('cache-control', 'no-cache').send(runtimeConfig(config)),
  );
  const yoga = createHttpYoga(services);
  const websocket = await registerGraphQLWebSocket(app, services, yoga);
  registerGraphQLRoute(app, yoga, websocket);
  await registerWebApp(app, options.webRoot);

  // Used and expired nonces are of no further use; keep the table small.
  const sweep = setInterval(() => {
    deleteStaleNonces(services.db, { now: services.clock() }).catch((error) =>
      logger.warn({ err: error }, 'nonce sweep failed'),
    );
  }, 60_000);
  sweep.unref();

  // A shutdown's first moment: Fastify now answers every new request 503
  // (/readyz included) and stops listening once the preClose hooks are done;
  // open event streams (SSE) complete, so in-flight work is all it waits for.
  app.addHook('preClose', async () => {
    logger.info('closing: new requests are refused, sockets and event streams are ending');
    await services.events.endSubscriptions();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await services.events.close();
    await services.verifier.close();
    await services.rateLimiter.close();
    await services.store.close();
  });
  return app;
}
