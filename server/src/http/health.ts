import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/create-database.js';

/** /healthz: the process is up. /readyz: and its database answers. */
export function registerHealth(app: FastifyInstance, store: Store) {
  app.get('/healthz', async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', async (_req, reply) => {
    const ready = await store.ping().catch(() => false);
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'unavailable', database: ready ? 'ok' : 'unreachable' });
  });
}
