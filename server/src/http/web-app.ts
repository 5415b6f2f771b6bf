import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const defaultWebRoot = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the production web build. Hashed assets are cached for a year;
 * index.html never, so a deploy is picked up at the next load. Unknown paths
 * that look like pages get index.html (the app routes them and shows its own
 * not-found page); unknown files get a 404.
 */
export async function registerWebApp(app: FastifyInstance, root: string = defaultWebRoot) {
  if (!existsSync(`${root}/index.html`)) {
    app.log.warn({ root }, 'no web build found: run `npm run build` to serve the app at /');
    app.get('/', async (_req, reply) =>
      reply
        .type('text/plain')
        .send('Sigil API is running. The web app is not built: run `npm run build`.'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler(async (req, reply) => {
    const acceptsHtml = req.headers.accept?.includes('text/html');
    const isPage =
      req.method === 'GET' && acceptsHtml && !/\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '');
    if (isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ error: 'Not Found' });
  });
  app.get('/', async (_req, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html'),
  );
}
