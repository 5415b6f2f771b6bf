import fp from 'fastify-plugin';

/**
 * A Host header that is not a host (`[::1`, `localhost:99999`, `a b`) is the
 * client's error: 400 before any route builds a URL from it, where the parse
 * failure would surface as a 500. A hook every route shares: fastifyPlugin.
 */
export const rejectMalformedHost = fp(
  async (app) => {
    app.addHook('onRequest', async (req, reply) => {
      const host = req.headers.host;
      if (host === undefined || URL.canParse(`http://${host}/`)) return;
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({ error: 'Bad Request', message: 'The Host header is malformed.' });
    });
  },
  { name: 'sigil-reject-malformed-host', fastify: '5.x' },
);
