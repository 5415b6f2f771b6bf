import Fastify, { type FastifyInstance } from 'fastify';
import { serveGraphQL } from './graphql/serve-graphql.js';
import { housekeepingOnSchedule } from './housekeeping/housekeeping-on-schedule.js';
import type { Every } from './housekeeping/schedule-housekeeping.js';
import { acceptWebSockets } from './http/accept-websockets.js';
import { requestIdFor, trustProxy } from './http/client-address.js';
import { compressResponses } from './http/compress-responses.js';
import { parseCookies } from './http/cookies.js';
import { allowCrossOrigin } from './http/cors.js';
import { drainConnectionsOnClose } from './http/drain-connections.js';
import { echoRequestId } from './http/echo-request-id.js';
import { serveHealth } from './http/health.js';
import { rejectMalformedHost } from './http/reject-malformed-host.js';
import { rejectUnstorableUrl } from './http/reject-unstorable-url.js';
import { RequestLogController } from './http/request-log-controller.js';
import { serveRuntimeConfig } from './http/runtime-config.js';
import { sendSecurityHeaders } from './http/security-headers.js';
import { serveWebApp } from './http/web-app.js';
import { modules } from './modules.js';
import type { Services } from './services.js';

/** The largest request body accepted: far above any real sign-in, far below harm. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export type BuildAppOptions = {
  /** Where the web build lives. @default web/dist */
  webRoot?: string;
  /** The housekeeping timer; tests pass one they fire by hand. @default every 5 minutes */
  housekeepingTimer?: Every;
};

/**
 * The whole server as one Fastify instance, a list of plugins that each
 * close what they opened (docs/architecture.md, "Plugins and lifecycle").
 * It owns `services` from here: `close()` closes every plugin, then them.
 * A start that fails closes what it had opened before its error goes on.
 */
export async function buildApp(
  services: Services,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const { config, logger } = services;
  const trust = trustProxy(config);
  // Typed as the default instance: the plugins need no pino specifics.
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

  // Added before any plugin, so they run first at a shutdown and last at its
  // end: Fastify runs preClose hooks in the order they were added, onClose
  // hooks the other way round. The services close once every plugin that
  // uses them has closed.
  app.addHook('preClose', async () => {
    logger.info('closing: new requests are refused, sockets and event streams are ending');
  });
  app.addHook('onClose', () => services.close());

  // What every request passes through, before any route: @fastify/compress
  // and @fastify/websocket attach to each route as it is added, and these
  // onRequest hooks run in this order (a refusal carries the headers above it).
  app.register(sendSecurityHeaders, { config });
  app.register(compressResponses);
  app.register(echoRequestId);
  app.register(rejectMalformedHost);
  app.register(rejectUnstorableUrl);
  app.register(drainConnectionsOnClose);
  app.register(allowCrossOrigin, { config });
  app.register(parseCookies);
  app.register(acceptWebSockets, { services });

  app.register(serveHealth, { services });
  app.register(serveRuntimeConfig, { config });
  app.register(serveGraphQL, { services, modules });
  // Each module's routes (modules.ts), then the web app, which answers the rest.
  for (const module of modules) module.routes?.(app, services);
  app.register(serveWebApp, { webRoot: options.webRoot, services });

  app.register(housekeepingOnSchedule, { services, every: options.housekeepingTimer });
  for (const module of modules) module.background?.(app, services);

  try {
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
