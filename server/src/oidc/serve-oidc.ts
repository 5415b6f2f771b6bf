import middie from '@fastify/middie';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createRateLimiter } from '../auth/rate-limit/rate-limiter.js';
import type { Services } from '../services.js';
import { attachDeviceFlow, detachDeviceFlow } from './device/device-flow-of.js';
import { devicePageUrl } from './device/device-page-url.js';
import { createDevicePollPace } from './device/device-poll-pace.js';
import { registerInteractionRoutes } from './interaction-routes.js';
import { OIDC_MOUNT_PATH } from './oidc-paths.js';
import { providerSecurityHeaders } from './provider-security-headers.js';

/**
 * Sigil's OpenID Connect provider at `/oidc`, only when OIDC_CLIENTS names
 * clients (otherwise none of its routes exist). oidc-provider is a Koa-style
 * handler: mounted through @fastify/middie, its documented way into Fastify.
 * `/oidc/interaction/*` is left to Fastify: the web app's page and the JSON
 * endpoints it calls (interaction-routes.ts).
 */
const oidcProvider: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  if (services.config.oidcClients.length === 0) return;
  // Loaded only when needed: oidc-provider warns on stderr at import on Node 20,
  // which a server without clients has no reason to print.
  const { createOidcProvider } = await import('./create-oidc-provider.js');
  const { publicUrl, trustProxy, redisUrl } = services.config;
  const devicePollPace = createDevicePollPace({ redisUrl, logger: services.logger });
  const deviceCodeGuesses = createRateLimiter({
    limitPerMinute: DEVICE_CODE_GUESSES_PER_MINUTE,
    redisUrl,
    logger: services.logger,
  });
  app.addHook('onClose', async () => {
    detachDeviceFlow(services);
    await devicePollPace.close();
    await deviceCodeGuesses.close();
  });
  const provider = await createOidcProvider(services, { devicePollPace });
  attachDeviceFlow(services, { provider, guesses: deviceCodeGuesses });
  const handler = provider.callback();
  await app.register(middie);
  const interactionPrefix = '/interaction/';
  const headers = providerSecurityHeaders(services.config);
  app.use(OIDC_MOUNT_PATH, (req, res, next) => {
    if (req.url?.startsWith(interactionPrefix)) return next();
    if (isProvidersDevicePage(req.url)) {
      // The person answers a device on Sigil's page, in their language and
      // with their wallet; the provider's own page is never shown.
      if (req.method === 'GET' || req.method === 'HEAD') {
        const code = new URL(req.url ?? '/', publicUrl).searchParams.get('user_code');
        res.writeHead(303, { location: devicePageUrl(publicUrl, code ?? undefined) }).end();
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(
        JSON.stringify({
          error: 'invalid_request',
          error_description: `Enter the code at ${devicePageUrl(publicUrl)}.`,
        }),
      );
      return;
    }
    // The provider builds every endpoint URL from the request's host and
    // scheme; Sigil's are PUBLIC_URL's, whatever address the request reached
    // (so the provider is told it stands behind a proxy that says so).
    req.headers.host = publicUrl.host;
    req.headers['x-forwarded-host'] = publicUrl.host;
    req.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    if (trustProxy === false) delete req.headers['x-forwarded-for'];
    // The provider answers on the raw response, past Fastify's own header hooks.
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    void handler(req, res);
  });
  registerInteractionRoutes(app, services, provider);
  // Expired provider rows are deleted by housekeeping (housekeeping/run-housekeeping.ts).
};

/** Wrong device codes one client address may type a minute (docs/operations.md, "Limits"). */
const DEVICE_CODE_GUESSES_PER_MINUTE = 5;

/** The provider's code entry and its resume paths (`/oidc/device`, `/oidc/device/<uid>/…`), not `/oidc/device/auth`. */
function isProvidersDevicePage(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0] ?? '';
  return (path === '/device' || path.startsWith('/device/')) && path !== '/device/auth';
}

/**
 * fastifyPlugin: the provider's own endpoints (/oidc/auth, /oidc/token, …)
 * are no Fastify route, so its middleware must run in the root's hooks,
 * which reach the not-found handler those paths fall to (http/web-app.ts).
 * The interaction endpoints read the session cookie.
 */
export const serveOidc = fp(oidcProvider, {
  name: 'sigil-oidc',
  fastify: '5.x',
  dependencies: ['sigil-cookies'],
});
