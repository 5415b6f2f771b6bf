import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { handleProtocols } from 'graphql-ws';
import type { Services } from '../services.js';

/** The largest message a client may send over a socket. */
const MAX_PAYLOAD_BYTES = 64 * 1024;

/** Close code for a server going down: clients reconnect, to another instance. */
export const GOING_AWAY_CLOSE_CODE = 1001;

/**
 * Websocket upgrades through @fastify/websocket, and their end at shutdown:
 * every socket is told the server is going away (1001). An upgraded
 * connection is no longer the HTTP server's to close, so this is what lets
 * `server.close()` finish. fastifyPlugin: the websocket server is the root's
 * (open sockets are counted from it), and @fastify/websocket must see the
 * routes of the plugins after it (serve-graphql.ts) as they are added.
 */
export const acceptWebSockets = fp<{ services: Pick<Services, 'config' | 'logger' | 'metrics'> }>(
  async (app, { services }) => {
    const { logger } = services;
    await app.register(fastifyWebsocket, {
      options: { maxPayload: MAX_PAYLOAD_BYTES, handleProtocols },
      // The close handshakes end the upgraded connections, which server.close() waits for.
      preClose(done) {
        const clients = app.websocketServer.clients;
        for (const client of clients) client.close(GOING_AWAY_CLOSE_CODE, 'Server shutting down');
        // A client that does not answer the close handshake would hold the
        // shutdown for ws's 30 s: it gets half of SHUTDOWN_TIMEOUT, then is cut off.
        setTimeout(
          () => {
            for (const client of clients) client.terminate();
          },
          (services.config.shutdownTimeoutSeconds * 1000) / 2,
        ).unref();
        done();
      },
      errorHandler(error, socket) {
        // A frame ws refuses (not UTF-8: 1007, over maxPayload: 1009, a protocol
        // error: 1002) is the client's fault, and ws has already started the
        // close handshake with its code; it ends the connection once its close
        // frame is written. Terminating here dropped that frame whenever it
        // waited behind earlier writes (a client that reads slowly), and the
        // client saw a bare reset (docs/api.md, "Transport").
        if (isFrameRefusal(error)) {
          logger.info({ err: error }, 'a websocket frame was refused');
          return;
        }
        logger.warn({ err: error }, 'a websocket failed');
        socket.terminate();
      },
    });
    services.metrics.observe({ openWebsockets: () => app.websocketServer.clients.size });
  },
  { name: 'sigil-websockets', fastify: '5.x' },
);

/** ws's receiver errors (`WS_ERR_INVALID_UTF8`, `WS_ERR_UNSUPPORTED_MESSAGE_LENGTH`, …). */
function isFrameRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('WS_ERR_');
}
