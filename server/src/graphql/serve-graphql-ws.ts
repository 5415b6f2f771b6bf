import { CloseCode, MessageType, type makeServer, parseMessage } from 'graphql-ws';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';

/** The messages a client may send (graphql-transport-ws); the rest only a server sends. */
const CLIENT_MESSAGES: ReadonlySet<string> = new Set([
  MessageType.ConnectionInit,
  MessageType.Ping,
  MessageType.Pong,
  MessageType.Subscribe,
  MessageType.Complete,
]);

/** How often an idle socket is pinged, and how long its pong may take. @default 12000 */
const KEEP_ALIVE_MS = 12_000;

/** The longest reason a close frame may carry, in UTF-8 bytes: `ws` throws on a longer one. */
const MAX_CLOSE_REASON_BYTES = 123;

export type GraphQLWsServer<Extra> = ReturnType<typeof makeServer<Record<string, unknown>, Extra>>;

/**
 * Serves one `ws` socket with graphql-ws's protocol core (`makeServer`), as
 * graphql-ws's own `useServer` does, with two departures: a client that
 * sends a message only a server may send breaks the protocol (4400, where
 * `useServer` throws and closes 4500), and a failure is logged here and
 * closes with a fixed reason, never the exception's text. A close reason
 * that quotes the client (graphql-ws's 4409 names the reused id) is cut to
 * fit the frame: whole, `ws` threw on it and the socket closed 4500.
 */
export function serveGraphQLWs<Extra>(
  server: GraphQLWsServer<Extra>,
  socket: WebSocket,
  extra: Extra,
  logger: Logger,
) {
  let pongWait: NodeJS.Timeout | undefined;
  const keepAlive = setInterval(() => {
    if (socket.readyState !== socket.OPEN) return;
    pongWait = setTimeout(() => socket.terminate(), KEEP_ALIVE_MS);
    socket.once('pong', () => clearTimeout(pongWait));
    socket.ping();
  }, KEEP_ALIVE_MS);

  const closed = server.opened(
    {
      protocol: socket.protocol,
      send: (data) =>
        new Promise<void>((resolve, reject) => {
          if (socket.readyState !== socket.OPEN) return resolve();
          socket.send(data, (error) => (error ? reject(error) : resolve()));
        }),
      close: (code, reason) => socket.close(code, reason && fitCloseReason(reason)),
      onMessage: (handle) =>
        socket.on('message', async (data) => {
          const text = String(data);
          if (!isClientMessage(text)) {
            socket.close(CloseCode.BadRequest, 'Invalid message received');
            return;
          }
          try {
            await handle(text);
          } catch (error) {
            logger.error({ err: error }, 'a graphql-ws message failed');
            socket.close(CloseCode.InternalServerError, 'Internal server error');
          }
        }),
    },
    extra,
  );

  socket.once('close', (code, reason) => {
    clearInterval(keepAlive);
    clearTimeout(pongWait);
    closed(code, String(reason)).catch((error: unknown) =>
      logger.error({ err: error }, 'a graphql-ws socket failed to close'),
    );
  });
}

/**
 * A message graphql-ws may handle: one it cannot parse is left to it (it
 * answers 4400 itself); a well-formed one must be of a client's type.
 */
function isClientMessage(text: string): boolean {
  let type: string;
  try {
    type = parseMessage(text).type;
  } catch {
    return true;
  }
  return CLIENT_MESSAGES.has(type);
}

/** `reason`, or as much of it as fits a close frame with an ellipsis, cut between characters. */
export function fitCloseReason(reason: string): string {
  if (Buffer.byteLength(reason) <= MAX_CLOSE_REASON_BYTES) return reason;
  const room = MAX_CLOSE_REASON_BYTES - Buffer.byteLength('…');
  let fitted = '';
  for (const character of reason) {
    if (Buffer.byteLength(fitted + character) > room) break;
    fitted += character;
  }
  return `${fitted}…`;
}
