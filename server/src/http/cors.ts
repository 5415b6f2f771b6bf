import fastifyCors from '@fastify/cors';
import fp from 'fastify-plugin';
import type { Config } from '../config/load-config.js';
import { isAllowedOrigin } from './allowed-origins.js';

const ALLOWED_HEADERS = [
  'content-type',
  'accept',
  'x-graphql-yoga-csrf',
  'apollo-require-preflight',
];

/**
 * CORS through @fastify/cors, only for allowed origins (PUBLIC_URL's and
 * ALLOWED_ORIGINS), with credentials (the session cookie); `Vary: Origin`
 * on every response, since the answer depends on it. Every route's:
 * fastifyPlugin.
 */
export const allowCrossOrigin = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(fastifyCors, {
      origin: (origin, allow) =>
        allow(null, origin !== undefined && isAllowedOrigin(config, origin)),
      credentials: true,
      methods: ['GET', 'POST', 'OPTIONS'],
      allowedHeaders: ALLOWED_HEADERS,
      maxAge: 600,
    });
    // The plugin lets a refused origin's preflight through to the routes, as
    // if CORS were off; it is refused here outright, so no route ever sees it.
    app.addHook('onRequest', async (req, reply) => {
      const origin = req.headers.origin;
      const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'];
      if (preflight && origin && !isAllowedOrigin(config, origin)) return reply.code(403).send();
    });
  },
  { name: 'sigil-cors', fastify: '5.x' },
);
