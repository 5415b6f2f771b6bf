import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';

type RawResponse = { status: number; headers: Record<string, string | undefined>; body: Buffer };

/** One request with exactly these headers, its body as sent: fetch would add its own Accept-Encoding and inflate. */
function rawRequest(
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: body ? 'POST' : 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string | undefined>,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decoded(response: RawResponse): Buffer {
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(response.body);
    case 'gzip':
      return gunzipSync(response.body);
    default:
      return response.body;
  }
}

// Well over the compression threshold, and compressible like real code.
const ASSET = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word-${i}`))};\n`;
const INDEX_HTML = `<!doctype html><html><head><title>Sigil</title><!--${'padding '.repeat(300)}--></head><body><div id="root"></div></body></html>`;
const ASSET_PATH = '/assets/index-abc123.js';
const PROFILE_PATH = '/u/0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const asBrowser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const negotiations = [
  { acceptEncoding: 'br, gzip', expected: 'br' },
  { acceptEncoding: 'gzip', expected: 'gzip' },
  { acceptEncoding: undefined, expected: undefined },
] as const;

/**
 * The web build's files are sent in the best encoding the browser accepts,
 * from the copies the build wrote beside them; what is rendered per request
 * (index.html with a profile's head, GraphQL results) is compressed on the
 * way out. docs/web-app.md, "First-visit delivery".
 */
describe('compressed delivery', () => {
  let server: TestServer;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'sigil-compressed-web-'));
    mkdirSync(join(webRoot, 'assets'));
    // As vite-plugin-compression2 writes them: name.br and name.gz beside name.
    for (const [path, text] of [
      ['index.html', INDEX_HTML],
      [ASSET_PATH.slice(1), ASSET],
    ] as const) {
      writeFileSync(join(webRoot, path), text);
      writeFileSync(join(webRoot, `${path}.br`), brotliCompressSync(text));
      writeFileSync(join(webRoot, `${path}.gz`), gzipSync(text));
    }
    server = await startTestServer({ webRoot });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const acceptEncoding = (value: string | undefined): Record<string, string> =>
    value === undefined ? {} : { 'accept-encoding': value };

  describe.each(negotiations)(
    'to a client accepting $acceptEncoding',
    ({ acceptEncoding: accepted, expected }) => {
      it('sends a large asset in that encoding, the file once decoded', async () => {
        const response = await rawRequest(`${server.url}${ASSET_PATH}`, acceptEncoding(accepted));
        expect(response.status).toBe(200);
        expect(response.headers['content-encoding']).toBe(expected);
        expect(response.headers.vary).toContain('accept-encoding');
        expect(response.headers['content-type']).toContain('javascript');
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(decoded(response).toString()).toBe(ASSET);
      });

      it.each(['/', '/account'])('sends index.html for %s in that encoding', async (path) => {
        const response = await rawRequest(`${server.url}${path}`, {
          ...asBrowser,
          ...acceptEncoding(accepted),
        });
        expect(response.status).toBe(200);
        expect(response.headers['content-encoding']).toBe(expected);
        expect(response.headers.vary).toContain('accept-encoding');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(decoded(response).toString()).toBe(INDEX_HTML);
      });

      it('sends a profile page, rendered per request, in that encoding', async () => {
        const response = await rawRequest(`${server.url}${PROFILE_PATH}`, {
          ...asBrowser,
          ...acceptEncoding(accepted),
        });
        const identity = await rawRequest(`${server.url}${PROFILE_PATH}`, asBrowser);
        expect(response.status).toBe(200);
        expect(response.headers['content-encoding']).toBe(expected);
        expect(response.headers.vary).toContain('accept-encoding');
        expect(decoded(response).toString()).toBe(identity.body.toString());
        expect(identity.body.toString()).toContain('<div id="root"></div>');
      });
    },
  );

  it('compresses a large GraphQL result for a client that asks', async () => {
    // A validation error quotes the field it refuses: a result well over the threshold.
    const field = `f${'x'.repeat(1500)}`;
    const body = JSON.stringify({ query: `{ ${field} }` });
    const headers = {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
      origin: server.origin,
    };
    const compressed = await rawRequest(
      `${server.url}/graphql`,
      { ...headers, 'accept-encoding': 'br, gzip' },
      body,
    );
    const identity = await rawRequest(`${server.url}/graphql`, headers, body);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(compressed.body.length).toBeLessThan(identity.body.length / 4);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(decoded(compressed).toString()).toBe(identity.body.toString());
    expect(JSON.parse(identity.body.toString()).errors[0].message).toContain(field);
  });

  it('leaves a small GraphQL result as it is', async () => {
    const response = await rawRequest(
      `${server.url}/graphql`,
      {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json',
        origin: server.origin,
        'accept-encoding': 'br, gzip',
      },
      JSON.stringify({ query: '{ __typename }' }),
    );
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(response.body.toString())).toEqual({ data: { __typename: 'Query' } });
  });

  it('serves the copies the build wrote, not a copy compressed per request', async () => {
    const response = await rawRequest(`${server.url}${ASSET_PATH}`, { 'accept-encoding': 'br' });
    expect(response.body.equals(readFileSync(join(webRoot, `${ASSET_PATH.slice(1)}.br`)))).toBe(
      true,
    );
  });
});
