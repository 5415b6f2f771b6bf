import type { FastifyInstance } from 'fastify';
import { isAllowedOrigin } from '../auth/allowed-origins.js';
import type { Config } from '../config.js';

const ALLOWED_HEADERS = 'content-type, accept, x-graphql-yoga-csrf, apollo-require-preflight';

/**
 * CORS only for allowed origins, with credentials (the session cookie). A
 * preflight from any other origin is refused outright.
 */
export function registerCors(app: FastifyInstance, config: Config) {
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (!origin) return;
    const allowed = isAllowedOrigin(config, origin);
    if (allowed) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
    }
    reply.header('vary', 'Origin');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      if (!allowed) return reply.code(403).send();
      reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}
