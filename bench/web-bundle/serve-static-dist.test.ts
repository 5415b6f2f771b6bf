import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticServer, serveStaticDist } from './serve-static-dist.js';

const root = mkdtempSync(join(tmpdir(), 'sigil-bench-static-'));
const dist = join(root, 'dist');
mkdirSync(join(dist, 'assets'), { recursive: true });
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>starter</title>');
writeFileSync(join(dist, 'assets/index-a.js'), 'export const a = 1;');
writeFileSync(join(dist, 'assets/worker-b.mjs'), 'export const b = 2;');
writeFileSync(join(dist, 'assets/index-c.css'), 'body{margin:0}');
writeFileSync(join(dist, 'assets/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(root, 'secret.txt'), 'outside the build');

/** A raw GET, so the path reaches the server exactly as written (fetch would normalise `..`). */
function get(url: string, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${url}${path}`, { path }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers['content-type'] ?? '',
          body,
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('serveStaticDist', () => {
  let server: StaticServer;
  beforeAll(async () => {
    server = await serveStaticDist(dist);
  });
  afterAll(async () => {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('listens on loopback only', () => {
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
  });

  it('answers / with index.html as HTML', async () => {
    const response = await get(server.url, '/');
    expect(response).toMatchObject({ status: 200, body: '<!doctype html><title>starter</title>' });
    expect(response.type).toMatch(/^text\/html/);
  });

  it('serves .js and .mjs as JavaScript, and stylesheets and images by their own types', async () => {
    expect((await get(server.url, '/assets/index-a.js')).type).toMatch(/^text\/javascript/);
    expect((await get(server.url, '/assets/worker-b.mjs')).type).toMatch(/^text\/javascript/);
    expect((await get(server.url, '/assets/index-c.css')).type).toMatch(/^text\/css/);
    expect((await get(server.url, '/assets/logo.svg')).type).toBe('image/svg+xml');
  });

  it('ignores the query string, as static hosts do', async () => {
    const response = await get(server.url, '/assets/index-a.js?v=2');
    expect(response).toMatchObject({ status: 200, body: 'export const a = 1;' });
  });

  it('answers 404 for a file the build does not have', async () => {
    expect((await get(server.url, '/assets/missing.js')).status).toBe(404);
  });

  it('never serves a file outside the build, however the path is spelled', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets%2f..%2f..%2fsecret.txt',
    ]) {
      const response = await get(server.url, path);
      expect(response.body).not.toContain('outside the build');
      expect(response.status).toBe(404);
    }
  });
});
