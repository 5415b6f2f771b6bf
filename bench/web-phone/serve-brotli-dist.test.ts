import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '../web-bundle/serve-static-dist.js';
import { acceptsBrotli, serveBrotliDist } from './serve-brotli-dist.js';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; encoding?: string; vary?: string; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            vary: res.headers.vary as string | undefined,
            body: Buffer.concat(chunks),
          }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('acceptsBrotli', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=0.5', true],
    ['br;q=0', false],
    ['gzip', false],
    [undefined, false],
  ])('reads %s as %s', (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });
});

describe('serveBrotliDist', () => {
  let dir: string;
  let server: StaticServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'phone-starter-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'assets/app.js'), SCRIPT);
    writeFileSync(join(dir, 'assets/app.js.br'), brotliCompressSync(SCRIPT));
    server = await serveBrotliDist(dir);
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that takes brotli', async () => {
    const response = await get(`${server.url}/assets/app.js`, { 'accept-encoding': 'gzip, br' });
    expect(response.encoding).toBe('br');
    expect(response.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });

  it('sends the file itself otherwise, and index.html for /', async () => {
    const response = await get(`${server.url}/assets/app.js`);
    expect(response.encoding).toBeUndefined();
    expect(response.body.toString()).toBe(SCRIPT);
    expect((await get(`${server.url}/`)).body.toString()).toBe('<!doctype html>');
  });

  it('answers a missing file or a path outside the build with a 404', async () => {
    expect((await get(`${server.url}/missing.js`)).status).toBe(404);
    expect((await get(`${server.url}/../package.json`)).status).toBe(404);
  });
});
