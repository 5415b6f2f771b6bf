import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { keepAnswersOutOfSharedCaches } from '../http/keep-out-of-shared-caches.js';
import type { Services } from '../services.js';
import { createHttpYoga, registerGraphQLRoute } from './graphql-route.js';
import { acceptUploadsOnGraphQL } from './graphql-uploads.js';
import { createGraphQLWebSocket } from './graphql-websocket.js';
import { limitStreamedAnswers } from './limit-streamed-answers.js';
import type { SchemaPart } from './schema-part.js';
import { createStreamBudget } from './stream-budget.js';

/**
 * /graphql in its own scope: Yoga over HTTP (JSON, multipart uploads, event
 * streams) and graphql-ws over the websocket its GET upgrades to, one
 * operation context for both (graphql/build-context.ts). At shutdown the
 * subscriptions end, so event streams complete and sockets have nothing
 * left to send.
 */
const graphqlEndpoint: FastifyPluginAsync<{
  services: Services;
  /** The modules whose resolvers and query costs make the schema (modules.ts). */
  modules: readonly SchemaPart[];
}> = async (app, { services, modules }) => {
  acceptUploadsOnGraphQL(app);
  // Every answer here depends on the session cookie, or on its absence.
  keepAnswersOutOfSharedCaches(app);
  const yoga = createHttpYoga(services, modules);
  // Websockets and event streams share one budget per client and per session.
  const streams = createStreamBudget();
  const websocket = createGraphQLWebSocket(services, modules, yoga, streams);
  registerGraphQLRoute(app, services, yoga, websocket, limitStreamedAnswers(services, streams));
  app.addHook('preClose', () => services.events.endSubscriptions());
};

/**
 * Encapsulated (fastifyPlugin for its dependencies only): it reads the
 * session cookie, and its GET route upgrades through accept-websockets.ts.
 */
export const serveGraphQL = fp(graphqlEndpoint, {
  name: 'sigil-graphql',
  fastify: '5.x',
  encapsulate: true,
  dependencies: ['sigil-cookies', 'sigil-websockets'],
});
