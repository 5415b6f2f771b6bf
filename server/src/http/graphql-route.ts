import type { FastifyInstance } from 'fastify';
import type { GraphQLContext } from '../graphql/context.js';
import { createGraphQLServer } from '../graphql/create-yoga.js';
import type { Services } from '../services.js';
import { serializeSessionCookie } from './cookies.js';
import { requestIdStorage } from './request-id.js';
import { resolveSession } from './resolve-session.js';

/** POST and GET /graphql through GraphQL Yoga, with the session from the cookie. */
export function registerGraphQLRoute(app: FastifyInstance, services: Services) {
  const yoga = createGraphQLServer(services, async ({ req, reply }): Promise<GraphQLContext> => {
    const { token, session } = await resolveSession(services, req.headers);
    return {
      services,
      session,
      sessionToken: token,
      origin: typeof req.headers.origin === 'string' ? req.headers.origin : null,
      userAgent: req.headers['user-agent']?.slice(0, 512) ?? null,
      clientAddress: req.ip,
      requestId: req.id,
      cookies: {
        setSession: (value) =>
          void reply.header('set-cookie', serializeSessionCookie(services.config, value)),
        clearSession: () =>
          void reply.header('set-cookie', serializeSessionCookie(services.config, undefined)),
      },
    };
  });

  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      // Masked errors are logged with the id the client gets in x-request-id.
      const response = await requestIdStorage.run(req.id, () =>
        yoga.handleNodeRequestAndResponse(req, reply, { req, reply }),
      );
      for (const [name, value] of response.headers) {
        // Yoga's own CORS is off; ours (the onRequest hook) already decided.
        if (name === 'set-cookie') continue;
        reply.header(name, value);
      }
      reply.status(response.status);
      // A JSON result is already one string: sent as such it is written at once,
      // where its body stream would be piped chunk by chunk. Event streams
      // (subscriptions over SSE, incremental delivery) stay streams.
      const json = response.headers.get('content-type')?.includes('json');
      reply.send(json ? await response.text() : response.body);
      return reply;
    },
  });
  return yoga;
}
