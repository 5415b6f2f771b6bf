import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, relative, resolve } from 'node:path';

/**
 * Serves a static build (the RainbowKit starter's `dist/`) on loopback, on a
 * free port, as any static host would: the file at the URL's path with its
 * content type, `/` as index.html, 404 for anything else. No compression and
 * no cache headers: the bundle bench gzips the bodies itself, and each visit
 * is a fresh browser context anyway.
 */
export type StaticServer = {
  /** e.g. `http://127.0.0.1:41234`. */
  url: string;
  stop(): Promise<void>;
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** The file a URL path names inside `root`, or undefined when it would leave it. */
function fileFor(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = resolve(root, `.${decoded.endsWith('/') ? `${decoded}index.html` : decoded}`);
  const inside = relative(root, file);
  return inside.startsWith('..') || inside.includes('\0') ? undefined : file;
}

export async function serveStaticDist(distDir: string): Promise<StaticServer> {
  const root = resolve(distDir);
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = fileFor(root, path);
    const found = file && (await stat(file).catch(() => undefined))?.isFile();
    if (!file || !found || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(found ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(found ? 'method not allowed' : 'not found');
      return;
    }
    const body = await readFile(file);
    response.writeHead(200, { 'content-type': contentTypeOf(file), 'content-length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
