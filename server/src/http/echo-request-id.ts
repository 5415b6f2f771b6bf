import fp from 'fastify-plugin';

/**
 * Every answer names its request in `x-request-id` (the id a masked error is
 * logged with; an upstream one when TRUST_PROXY believes it, client-address.ts),
 * refusals by later hooks included. A hook every route shares: fastifyPlugin.
 */
export const echoRequestId = fp(
  async (app) => {
    app.addHook('onRequest', (req, reply, done) => {
      reply.header('x-request-id', req.id);
      done();
    });
  },
  { name: 'sigil-echo-request-id', fastify: '5.x' },
);
