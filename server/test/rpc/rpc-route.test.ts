import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CountingRpcProxy,
  startCountingRpcProxy,
} from '../../../testing/counting-rpc-proxy.js';
import { type HardhatNode, startHardhatNode } from '../../../testing/hardhat-node.js';
import {
  MAX_RPC_ANSWER_BYTES,
  MAX_RPC_BATCH_CALLS,
  MAX_RPC_BODY_BYTES,
} from '../../src/rpc/rpc-limits.js';
import { TestClient } from '../support/graphql-client.js';
import { INDEX_HTML } from '../support/profile-requests.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// Hardhat takes a few seconds to start.
const SLOW = 60_000;

/**
 * docs/operations.md, "The JSON-RPC route": the operator's RPC_URL_<id> stays
 * on the server (it may carry a user, a password, an API key in its path);
 * the browser reads the chain through /rpc/<id>, which forwards read methods
 * only, within bounds, and never a cookie.
 */
const SECRET_USER = 'rpcuser';
const SECRET_PASSWORD = 's3cretPassw0rd';
const SECRET_KEY = 'APIKEY0123456789abcdef';

type JsonRpcAnswer = {
  jsonrpc: '2.0';
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string };
};

let node: HardhatNode;
let proxy: CountingRpcProxy;
let webRoot: string;
let rpcUrl: string;

beforeAll(async () => {
  node = await startHardhatNode();
  proxy = await startCountingRpcProxy(node.url);
  const { host } = new URL(proxy.url);
  rpcUrl = `http://${SECRET_USER}:${SECRET_PASSWORD}@${host}/v3/${SECRET_KEY}`;
  webRoot = mkdtempSync(join(tmpdir(), 'sigil-rpc-web-'));
  writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
}, SLOW);

afterAll(async () => {
  await proxy?.close();
  await node?.stop();
  rmSync(webRoot, { recursive: true, force: true });
}, SLOW);

/** Every part of the secret URL a browser must never see. */
function secretParts(): string[] {
  const { host, port } = new URL(proxy.url);
  return [SECRET_USER, SECRET_PASSWORD, SECRET_KEY, host, `:${port}`];
}

function post(server: TestServer, body: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/rpc/31337`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

describe('what the browser is given', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ webRoot, env: { RPC_URL_31337: rpcUrl } });
  });
  afterAll(() => server?.close());

  it("gives the browser Sigil's own route for a chain without PUBLIC_RPC_URL, and no part of RPC_URL anywhere", async () => {
    const config = await fetch(`${server.url}/api/config`);
    const body = await config.text();
    expect(JSON.parse(body).chains).toEqual([
      expect.objectContaining({ id: 31337, rpcUrl: `${server.origin}/rpc/31337` }),
    ]);
    const answers = [
      config,
      await fetch(`${server.url}/`),
      await fetch(`${server.url}/account`),
      await fetch(`${server.url}/healthz`),
      await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ __typename }')}`),
      await post(server, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })),
    ];
    const seen = [body];
    for (const answer of answers.slice(1)) seen.push(await answer.text());
    for (const answer of answers) {
      for (const [name, value] of answer.headers) seen.push(`${name}: ${value}`);
    }
    const text = seen.join('\n');
    expect(text).toContain('<div id="root">');
    for (const part of secretParts()) expect(text).not.toContain(part);
  });

  it('lists no RPC_URL host in the CSP, and lets the page reach its own route', async () => {
    const response = await fetch(`${server.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const connect = csp.split(';').find((directive) => directive.trim().startsWith('connect-src'));
    expect(connect).toContain("'self'");
    expect(connect).toContain(server.origin);
    expect(connect).not.toContain(new URL(proxy.url).host);
  });
});

describe('PUBLIC_RPC_URL_<id>', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { RPC_URL_31337: rpcUrl, PUBLIC_RPC_URL_31337: 'https://rpc.public.example/31337' },
    });
  });
  afterAll(() => server?.close());

  it('is given to the browser as it is, and its origin alone is added to the CSP', async () => {
    const response = await fetch(`${server.url}/api/config`);
    const config = (await response.json()) as { chains: { rpcUrl: string }[] };
    expect(config.chains[0]?.rpcUrl).toBe('https://rpc.public.example/31337');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('https://rpc.public.example');
    for (const part of secretParts()) expect(csp).not.toContain(part);
  });
});

describe('the JSON-RPC route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RPC_URL_31337: rpcUrl } });
  });
  afterAll(() => server?.close());

  it('forwards a read call to the chain and answers what it said', async () => {
    const response = await post(
      server,
      JSON.stringify({ jsonrpc: '2.0', id: 'a', method: 'eth_chainId', params: [] }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 'a', result: '0x7a69' });
  });

  it('forwards a batch in order, with the ids the client chose, and refuses its write method alone', async () => {
    const before = proxy.methods.length;
    const response = await post(
      server,
      JSON.stringify([
        { jsonrpc: '2.0', id: 7, method: 'eth_blockNumber' },
        { jsonrpc: '2.0', id: 7, method: 'eth_sendRawTransaction', params: ['0x00'] },
        {
          jsonrpc: '2.0',
          id: 'balance',
          method: 'eth_getBalance',
          params: ['0x0000000000000000000000000000000000000000', 'latest'],
        },
      ]),
    );
    expect(response.status).toBe(200);
    const answers = (await response.json()) as JsonRpcAnswer[];
    expect(answers.map((answer) => answer.id)).toEqual([7, 7, 'balance']);
    expect(answers[0]?.result).toMatch(/^0x[0-9a-f]+$/);
    expect(answers[1]?.error?.code).toBe(-32601);
    expect(answers[2]?.result).toMatch(/^0x[0-9a-f]+$/);
    expect(proxy.methods.slice(before)).toEqual(['eth_blockNumber', 'eth_getBalance']);
  });

  it.each([
    'eth_sendRawTransaction',
    'eth_sendTransaction',
    'eth_sign',
    'personal_sign',
    'personal_unlockAccount',
    'debug_traceTransaction',
    'hardhat_setBalance',
    'eth_getLogs',
    'admin_peers',
  ])('refuses %s with a JSON-RPC error, without asking the chain', async (method) => {
    const before = proxy.httpRequests;
    const response = await post(server, JSON.stringify({ jsonrpc: '2.0', id: 1, method }));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as JsonRpcAnswer;
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32601 } });
    expect(answer.error?.message).toContain(method);
    expect(proxy.httpRequests).toBe(before);
  });

  it("never forwards the browser's cookies or headers", async () => {
    const { client } = await signedInClient(server);
    const before = proxy.headers.length;
    const response = await post(
      server,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
      { cookie: client.cookie ?? '', authorization: 'Bearer browser', 'x-custom': 'browser' },
    );
    expect(response.status).toBe(200);
    expect(client.cookie).toBeDefined();
    const forwarded = proxy.headers.slice(before);
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]).not.toHaveProperty('cookie');
    expect(forwarded[0]).not.toHaveProperty('x-custom');
    // The operator's credentials, from RPC_URL, are what reaches the endpoint.
    expect(forwarded[0]?.authorization).toBe(
      `Basic ${Buffer.from(`${SECRET_USER}:${SECRET_PASSWORD}`).toString('base64')}`,
    );
  });

  it.each([
    ['malformed JSON', '{"jsonrpc":', 400, -32700],
    ['an empty batch', '[]', 400, -32600],
    ['a bare number', '42', 400, -32600],
    [
      `a batch of more than ${MAX_RPC_BATCH_CALLS} calls`,
      JSON.stringify(
        Array.from({ length: MAX_RPC_BATCH_CALLS + 1 }, (_, id) => ({
          jsonrpc: '2.0',
          id,
          method: 'eth_chainId',
        })),
      ),
      400,
      -32600,
    ],
    ['a body over the limit', `"${'a'.repeat(MAX_RPC_BODY_BYTES)}"`, 413, -32600],
  ])(
    'answers %s with a JSON-RPC error and a 4xx, asking nothing',
    async (_, body, status, code) => {
      const before = proxy.httpRequests;
      const response = await post(server, body);
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code } });
      expect(proxy.httpRequests).toBe(before);
    },
  );

  it('answers an invalid call of a batch with its own error', async () => {
    const response = await post(
      server,
      JSON.stringify([{ id: 1, method: 'eth_chainId' }, { jsonrpc: '2.0', id: 2, method: 12 }, 5]),
    );
    expect(response.status).toBe(200);
    const answers = (await response.json()) as JsonRpcAnswer[];
    expect(answers.map((answer) => [answer.id, answer.error?.code])).toEqual([
      [1, -32600],
      [2, -32600],
      [null, -32600],
    ]);
  });

  it('refuses another content type with 415, and a foreign Origin with 403', async () => {
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
    const plain = await post(server, call, { 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({ error: { code: -32600 } });
    const foreign = await post(server, call, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { code: -32600 } });
    const own = await post(server, call, { origin: server.origin });
    expect(own.status).toBe(200);
  });

  it('answers 404 for a chain this server does not enable', async () => {
    for (const path of ['/rpc/1', '/rpc/abc', '/rpc/99999999999999999999']) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
    }
  });
});

describe('the JSON-RPC route without an answering chain', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RPC_URL_31337: 'http://127.0.0.1:9/v3/secret' } });
  });
  afterAll(() => server?.close());

  it('answers 502 with CHAIN_UNAVAILABLE, not a JSON-RPC error, naming no endpoint', async () => {
    const response = await post(
      server,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
    );
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      code: 'CHAIN_UNAVAILABLE',
      message: 'The chain could not be reached',
    });
    expect(text).not.toContain('127.0.0.1:9');
    expect(text).not.toContain('secret');
  });
});

describe('the JSON-RPC route before an endpoint that answers too much', () => {
  let server: TestServer;
  let endpoint: ReturnType<typeof createServer>;
  beforeAll(async () => {
    // A block of transactions far past the bound, as one JSON-RPC answer.
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      result: `0x${'00'.repeat(MAX_RPC_ANSWER_BYTES)}`,
    });
    endpoint = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(huge);
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    const { port } = endpoint.address() as AddressInfo;
    server = await startTestServer({ env: { RPC_URL_31337: `http://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await server?.close();
    endpoint?.closeAllConnections();
    await new Promise((resolve) => endpoint?.close(resolve));
  });

  it(`refuses an answer over ${MAX_RPC_ANSWER_BYTES} bytes with 502 CHAIN_UNAVAILABLE`, async () => {
    const response = await post(
      server,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getBlockByNumber',
        params: ['latest', true],
      }),
    );
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      code: 'CHAIN_UNAVAILABLE',
      message: `The chain answered more than ${MAX_RPC_ANSWER_BYTES} bytes`,
    });
  });
});

describe('the JSON-RPC route under a flood', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RPC_URL_31337: rpcUrl, RPC_CALLS_PER_MINUTE: '5' } });
  });
  afterAll(() => server?.close());

  it('counts every call of a batch against RPC_CALLS_PER_MINUTE, then answers 429 with Retry-After', async () => {
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' });
    expect((await post(server, JSON.stringify([call(1), call(2), call(3)]))).status).toBe(200);
    expect((await post(server, JSON.stringify(call(4)))).status).toBe(200);
    expect((await post(server, JSON.stringify(call(5)))).status).toBe(200);
    const before = proxy.httpRequests;
    const limited = await post(server, JSON.stringify(call(6)));
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Not a JSON-RPC error: viem would take it for the call's answer, where the web
    // app must see an HTTP error and wait (web/src/wallet/rpc-backoff.ts).
    expect(await limited.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message: 'Too many chain calls from this client. Try again later.',
      retryAfterSeconds: retryAfter,
    });
    expect(proxy.httpRequests).toBe(before);
    server.clock.advance(retryAfter * 1000);
    expect((await post(server, JSON.stringify(call(7)))).status).toBe(200);
  });
});

async function signedInClient(server: TestServer) {
  const client = new TestClient(server);
  const result = await client.signInAs(privateKeyToAccount(generatePrivateKey()), {
    issuedAt: new Date(server.clock()).toISOString(),
  });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return { client };
}
