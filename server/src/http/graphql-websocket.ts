import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ExecutionArgs } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { isAllowedOrigin } from '../auth/allowed-origins.js';
import type { GraphQLContext } from '../graphql/context.js';
import type { Services } from '../services.js';
import { sessionEndsAt, sessionLifetimes } from '../sessions/session-lifetimes.js';
import type { SessionRow } from '../sessions/session-store.js';
import type { registerGraphQLRoute } from './graphql-route.js';
import { requestIdStorage } from './request-id.js';
import { resolveSession } from './resolve-session.js';
import { createSessionSockets } from './session-sockets.js';

type Yoga = ReturnType<typeof registerGraphQLRoute>;
type EnvelopedRoot = {
  execute: (args: ExecutionArgs) => unknown;
  subscribe: (args: ExecutionArgs) => unknown;
};

/** The largest message a client may send over the socket. */
const MAX_PAYLOAD_BYTES = 64 * 1024;

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * graphql-ws (`graphql-transport-ws`) on /graphql. The upgrade is where the
 * checks happen: cookies travel on cross-site upgrades, so a foreign Origin is
 * refused before any socket exists, and the session is read from the same
 * cookie HTTP uses.
 */
export function registerGraphQLWebSocket(app: FastifyInstance, services: Services, yoga: Yoga) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  const sockets = createSessionSockets(services);
  const sessions = new WeakMap<IncomingMessage, { session?: SessionRow; token?: string }>();

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = request.url?.split('?')[0];
    if (path !== yoga.graphqlEndpoint) return refuse(socket, 404, 'Not Found');
    const origin = request.headers.origin;
    if (origin && !isAllowedOrigin(services.config, origin)) {
      services.logger.warn({ origin }, 'refused a websocket upgrade from a foreign origin');
      return refuse(socket, 403, 'Forbidden');
    }
    resolveSession(services, request.headers).then(
      ({ session, token }) => {
        sessions.set(request, { ...(session && { session }), ...(token && { token }) });
        wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
      },
      (error) => {
        services.logger.error({ err: error }, 'websocket upgrade failed');
        refuse(socket, 500, 'Internal Server Error');
      },
    );
  });

  wss.on('connection', (ws, request: IncomingMessage) => {
    const session = sessions.get(request)?.session;
    if (session) {
      const lifetimes = sessionLifetimes(services.config);
      sockets.add(ws, { id: session.id, endsAt: sessionEndsAt(session, lifetimes) });
    }
  });

  const server = useServer<Record<string, unknown>, { request: IncomingMessage }>(
    {
      // Each operation runs under its own request id, like an HTTP request.
      execute: (args) =>
        requestIdStorage.run((args.contextValue as GraphQLContext).requestId, () =>
          (args.rootValue as EnvelopedRoot).execute(args),
        ) as never,
      subscribe: (args) =>
        requestIdStorage.run((args.contextValue as GraphQLContext).requestId, () =>
          (args.rootValue as EnvelopedRoot).subscribe(args),
        ) as never,
      onSubscribe: async (ctx, _id, payload) => {
        const request = ctx.extra.request;
        const known = sessions.get(request);
        const websocketContext: GraphQLContext = {
          services,
          session: known?.session,
          sessionToken: known?.token,
          origin: request.headers.origin ?? null,
          userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
          clientAddress: request.socket.remoteAddress ?? 'unknown',
          requestId: randomUUID(),
        };
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          websocketContext,
          ...websocketContext,
        });
        let document: ReturnType<typeof parse>;
        try {
          document = parse(payload.query);
        } catch (error) {
          return [error as never];
        }
        const args: ExecutionArgs = {
          schema,
          operationName: payload.operationName ?? null,
          document,
          variableValues: payload.variables ?? null,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
        const errors = validate(args.schema, args.document);
        if (errors.length) return errors;
        return args;
      },
    },
    wss,
  );

  app.addHook('onClose', async () => {
    await server.dispose();
    for (const client of wss.clients) client.terminate();
    wss.close();
  });
  return { sockets };
}
