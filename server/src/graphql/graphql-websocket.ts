import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ExecutionArgs, GraphQLError } from 'graphql';
import { type Context, makeServer, type SubscribePayload } from 'graphql-ws';
import type { WebSocket } from 'ws';
import { RateLimitedError, UnauthenticatedError } from '../errors.js';
import { isAllowedOrigin } from '../http/allowed-origins.js';
import { clientKey } from '../http/client-address.js';
import { requestIdStorage } from '../http/request-id.js';
import type { Services } from '../services.js';
import { resolveSession } from '../sessions/resolve-session.js';
import { sessionEndsAt, sessionLifetimes } from '../sessions/session-lifetimes.js';
import { buildContext } from './build-context.js';
import type { GraphQLContext } from './context.js';
import { type createGraphQLServer, MAX_QUERY_COST } from './create-yoga.js';
import { findHttpOnlyField } from './http-only-fields.js';
import { costTable } from './list-bounds.js';
import { maskError } from './mask-error.js';
import type { SchemaPart } from './schema-part.js';
import { serveGraphQLWs } from './serve-graphql-ws.js';
import { createSessionSockets } from './session-sockets.js';
import { SOCKET_LIMITS } from './socket-limits.js';
import { refusalMessage, type StreamBudget } from './stream-budget.js';
import { costRefusal } from './use-list-aware-cost-limit.js';

type Yoga = ReturnType<typeof createGraphQLServer>;
type EnvelopedRoot = {
  execute: (args: ExecutionArgs) => unknown;
  subscribe: (args: ExecutionArgs) => unknown;
};
type SocketExtra = { socket: WebSocket; request: FastifyRequest };

/**
 * graphql-ws (`graphql-transport-ws`) on /graphql: the upgrade's checks
 * (`checkUpgrade`) and what a socket speaks once upgraded (`handle`), for the
 * GET route of serve-graphql.ts. An upgrade is an ordinary request first
 * (hooks, request id, client address as TRUST_PROXY says); the sockets
 * themselves, and their 1001 at shutdown, are accept-websockets.ts's.
 *
 * Cookies travel on cross-site upgrades, so a foreign Origin is refused
 * before any socket exists. The upgrade's cookie authenticates the socket,
 * and every operation reads its session again: a session that ended is over
 * for the socket even if the event that says so never arrived.
 */
export function createGraphQLWebSocket(
  services: Services,
  modules: readonly SchemaPart[],
  yoga: Yoga,
  /** Open websockets and event streams, per client and per session (stream-budget.ts). */
  budget: StreamBudget,
) {
  const { logger } = services;
  // The cost limit a socket's operations pass before they run (graphql/query-cost.ts).
  const refuseOverCost = costRefusal({
    table: costTable(services.config, modules),
    maxCost: MAX_QUERY_COST,
  });
  const sockets = createSessionSockets(services);
  /** The session each authenticated socket opened with, by its upgrade request. */
  const openedWith = new WeakMap<FastifyRequest, { sessionId: string; endsAt: number }>();

  /**
   * What one `subscribe` runs: its session read again, its document parsed
   * and validated (the armor limits included), or the errors its `error`
   * message carries.
   */
  async function prepareOperation(
    ctx: Context<Record<string, unknown>, SocketExtra>,
    payload: SubscribePayload,
    requestId: string,
  ): Promise<ExecutionArgs | readonly GraphQLError[]> {
    const { request, socket } = ctx.extra;
    // The operation being subscribed is already counted.
    if (Object.keys(ctx.subscriptions).length > SOCKET_LIMITS.operationsPerSocket) {
      services.metrics.socketLimitRefused('operations_per_socket');
      return [
        new GraphQLError(
          `At most ${SOCKET_LIMITS.operationsPerSocket} operations may run on one socket.`,
          { extensions: { code: 'RATE_LIMITED' } },
        ),
      ];
    }
    const websocketContext = await buildContext(services, { request, requestId });
    if (openedWith.has(request) && !websocketContext.session) {
      // Ended, expired or idle, announced or not: over for this socket too.
      sockets.endSocket(socket, 'Session ended');
      return [maskError(new UnauthenticatedError(), logger, requestId)];
    }
    const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
      websocketContext,
      ...websocketContext,
    });
    // Both throw their refusal (a syntax error; an armor limit, from inside
    // validate): caught by onSubscribe below.
    const document = parse(payload.query);
    const errors = validate(schema, document);
    if (errors.length) return errors;
    const overCost = refuseOverCost({
      schema,
      document,
      operationName: payload.operationName,
      variableValues: payload.variables,
    });
    if (overCost) return overCost;
    const httpOnly = findHttpOnlyField(schema, document);
    if (httpOnly) {
      return [
        new GraphQLError(
          `${httpOnly} is served over HTTP only: a websocket cannot set the session cookie.`,
          { extensions: { code: 'BAD_REQUEST' } },
        ),
      ];
    }
    return {
      schema,
      operationName: payload.operationName ?? null,
      document,
      variableValues: payload.variables ?? null,
      contextValue: await contextFactory(),
      rootValue: { execute, subscribe },
    };
  }

  const server = makeServer<Record<string, unknown>, SocketExtra>({
    // Each operation runs under its own request id, like an HTTP request.
    execute: (args) =>
      requestIdStorage.run((args.contextValue as GraphQLContext).requestId, () =>
        (args.rootValue as EnvelopedRoot).execute(args),
      ) as never,
    subscribe: (args) =>
      requestIdStorage.run((args.contextValue as GraphQLContext).requestId, () =>
        (args.rootValue as EnvelopedRoot).subscribe(args),
      ) as never,
    // Whatever an operation's preparation throws is that operation's `error`
    // message, as HTTP answers it: escaping to graphql-ws, it closed the
    // whole socket with 4500. Refusals (GraphQL errors) keep their message;
    // anything else is masked and logged.
    onSubscribe: async (ctx, _id, payload) => {
      const requestId = randomUUID();
      try {
        const prepared = await prepareOperation(ctx, payload, requestId);
        // An operation that will run: a session's end closes its socket once it is over.
        if (!Array.isArray(prepared)) sockets.operationStarted(ctx.extra.socket);
        return prepared;
      } catch (error) {
        return [maskError(error, logger, requestId)];
      }
    },
    onComplete: (ctx) => sockets.operationEnded(ctx.extra.socket),
  });

  /** Refuses an upgrade over a limit with 429 and what the client should know. */
  function tooMany(reply: FastifyReply, message: string, retryAfterSeconds?: number) {
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
    return reply.code(429).send({
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message,
      ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
    });
  }

  /**
   * Runs on the upgrade request: an Origin this service does not answer for
   * is refused, and so is a client over its upgrade rate or open-socket limits.
   */
  async function checkUpgrade(req: FastifyRequest, reply: FastifyReply) {
    if (!req.ws) return;
    const origin = req.headers.origin;
    if (origin && !isAllowedOrigin(services.config, origin)) {
      req.log.warn({ origin }, 'refused a websocket upgrade from a foreign origin');
      return reply.code(403).send();
    }
    const client = clientKey(req.ip);
    const decision = await services.rateLimiter.hit(`websocket:${client}`, services.clock());
    if (!decision.allowed) {
      services.metrics.rateLimitRefused('websocket');
      return tooMany(reply, new RateLimitedError(0).message, decision.retryAfterSeconds);
    }
    const { session } = await resolveSession(services, req);
    const refused = budget.refusal(client, session?.id);
    if (refused) {
      services.metrics.socketLimitRefused(refused);
      return tooMany(reply, refusalMessage(refused), SOCKET_LIMITS.retryAfterSeconds);
    }
    // The place is taken now, in the same turn as the check: taken once the
    // socket opened, upgrades asked for at once all passed the check. The
    // connection carries the socket, so its close gives the place back
    // whether the socket closed or the upgrade never completed.
    const release = budget.hold(client, session?.id);
    if (req.raw.socket.destroyed) release();
    else req.raw.socket.once('close', release);
    if (session) {
      const endsAt = sessionEndsAt(session, sessionLifetimes(services.config));
      openedWith.set(req, { sessionId: session.id, endsAt });
    }
  }

  /** Runs once the upgrade succeeded: the socket joins its session's, and speaks graphql-ws. */
  function handle(socket: WebSocket, req: FastifyRequest) {
    const opened = openedWith.get(req);
    if (opened) sockets.add(socket, { id: opened.sessionId, endsAt: opened.endsAt });
    serveGraphQLWs(server, socket, { socket, request: req }, logger);
  }

  return { checkUpgrade, handle, sockets };
}

export type GraphQLWebSocket = ReturnType<typeof createGraphQLWebSocket>;
