import type { FastifyInstance } from 'fastify';

/**
 * Lets a shutdown end once in-flight work is done. Node's `server.close()`
 * closes the keep-alive connections idle at that moment only; one whose
 * request finishes later (or whose event stream ends) would stay open for
 * the keep-alive timeout and hold the shutdown. So once closing, each
 * finished response sweeps the connections it left idle. (Requests already
 * pipelined behind it are still answered: 503, as Fastify answers every
 * request that arrives while closing.)
 */
export function drainConnectionsOnClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
}
