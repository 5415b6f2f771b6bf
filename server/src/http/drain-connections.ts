import fp from 'fastify-plugin';

/**
 * Lets a shutdown end once in-flight work is done. Node's `server.close()`
 * closes the keep-alive connections idle at that moment only; one whose
 * request finishes later (or whose event stream ends) would stay open for
 * the keep-alive timeout and hold the shutdown. So once closing, each
 * finished response sweeps the connections it left idle. (Requests already
 * pipelined behind it are still answered: 503, as Fastify answers every
 * request that arrives while closing.) Every route's responses count:
 * fastifyPlugin.
 */
export const drainConnectionsOnClose = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onResponse', async () => {
      if (closing) setImmediate(() => app.server.closeIdleConnections());
    });
  },
  { name: 'sigil-drain-connections-on-close', fastify: '5.x' },
);
