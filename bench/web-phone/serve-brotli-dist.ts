import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { relative, resolve } from 'node:path';
import { contentTypeOf, type StaticServer } from '../web-bundle/serve-static-dist.js';

/** Whether an Accept-Encoding header takes brotli (any q above zero). */
export function acceptsBrotli(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((part) => {
    const [token, ...parameters] = part.trim().split(';');
    if (token?.trim().toLowerCase() !== 'br') return false;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Serves a static build on loopback as a static host that compresses would:
 * the `.br` copy beside a file for a browser that accepts brotli, the file
 * itself otherwise, with `Vary: Accept-Encoding`; `/` is index.html, anything
 * missing a 404. Each visit is a fresh browser profile, so no cache headers.
 */
export async function serveBrotliDist(distDir: string): Promise<StaticServer> {
  const root = resolve(distDir);
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = resolve(root, `.${path.endsWith('/') ? `${path}index.html` : path}`);
    if (relative(root, file).startsWith('..') || !(await stat(file).catch(() => null))?.isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    const brotli = acceptsBrotli(request.headers['accept-encoding']) && existsSync(`${file}.br`);
    const body = await readFile(brotli ? `${file}.br` : file);
    response.writeHead(200, {
      'content-type': contentTypeOf(file),
      'content-length': body.length,
      vary: 'accept-encoding',
      ...(brotli && { 'content-encoding': 'br' }),
    });
    response.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
