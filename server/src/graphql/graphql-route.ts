import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestIdStorage } from '../http/request-id.js';
import type { Services } from '../services.js';
import { answerTransportError } from './answer-transport-error.js';
import {
  boundAnonymousAnswer,
  boundAnonymousStream,
  markAnonymous,
} from './bound-anonymous-answer.js';
import { buildContext } from './build-context.js';
import { createGraphQLServer } from './create-yoga.js';
import type { GraphQLWebSocket } from './graphql-websocket.js';
import {
  isStreamedAnswer,
  type limitStreamedAnswers,
  noteRequestSession,
} from './limit-streamed-answers.js';
import type { SchemaPart } from './schema-part.js';
import { sendGraphQLError } from './send-graphql-error.js';

/**
 * GraphQL Yoga for HTTP requests, with the session from the cookie. An
 * answer without a session is bounded as anonymous (bound-anonymous-answer.ts).
 */
export function createHttpYoga(services: Services, modules: readonly SchemaPart[]) {
  return createGraphQLServer(services, modules, async ({ req, reply }) => {
    const context = await buildContext(services, { request: req, requestId: req.id, reply });
    if (!context.session) markAnonymous(req);
    noteRequestSession(req, context.session?.id);
    return context;
  });
}

/**
 * POST and GET /graphql through Yoga; a websocket upgrade of the GET goes to
 * graphql-ws (`websocket`), after its own checks. What Fastify refuses before
 * Yoga runs (a body that is not JSON, over its limit, of another type) is
 * answered as a GraphQL error (answer-transport-error.ts); so is another
 * method, a 405 that names the allowed ones. An answer that is a stream
 * first takes its place in the streams' budget (`admitStream`,
 * limit-streamed-answers.ts).
 */
export function registerGraphQLRoute(
  app: FastifyInstance,
  services: Pick<Services, 'config' | 'logger'>,
  yoga: ReturnType<typeof createHttpYoga>,
  websocket: Pick<GraphQLWebSocket, 'checkUpgrade' | 'handle'>,
  admitStream: ReturnType<typeof limitStreamedAnswers>,
) {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    // Masked errors are logged with the id the client gets in x-request-id.
    const response = await requestIdStorage.run(req.id, () =>
      yoga.handleNodeRequestAndResponse(req, reply, { req, reply }),
    );
    const type = response.headers.get('content-type') ?? '';
    if (isStreamedAnswer(type) && !admitStream(req, reply, response.body)) return reply;
    for (const [name, value] of response.headers) {
      // Yoga's own CORS is off; ours (the onRequest hook) already decided.
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    reply.status(response.status);
    // A JSON result is already one string: sent as such it is written at once,
    // where its body stream would be piped chunk by chunk. Event streams
    // (subscriptions over SSE, incremental delivery) stay streams.
    if (type.includes('json')) {
      reply.send(boundAnonymousAnswer(services, req, reply, await response.text()));
    } else {
      reply.send(response.body && boundAnonymousStream(services, req, type, response.body));
    }
    return reply;
  };
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['POST', 'OPTIONS'],
    handler,
    errorHandler: answerTransportError,
  });
  app.route({
    url: yoga.graphqlEndpoint,
    method: 'GET',
    handler,
    errorHandler: answerTransportError,
    preValidation: websocket.checkUpgrade,
    wsHandler: websocket.handle,
  });
  // Any other method is a 405 with `Allow`, as HTTP asks, rather than the
  // not-found page: the path exists. HEAD is Fastify's, from the GET route.
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['PUT', 'PATCH', 'DELETE'],
    errorHandler: answerTransportError,
    handler: (req, reply) =>
      sendGraphQLError(
        req,
        reply.header('allow', ALLOWED_METHODS),
        405,
        `${req.method} is not a method of ${yoga.graphqlEndpoint}: use ${ALLOWED_METHODS}.`,
        'BAD_REQUEST',
      ),
  });
}

const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';
