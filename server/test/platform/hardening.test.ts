import type { ExecutionResult } from 'graphql';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { graphql } from '../generated/index.js';
import { errorCode, TestClient, testAccount } from '../support/graphql-client.js';
import {
  captureLogs,
  type LogCapture,
  startTestServer,
  type TestServer,
} from '../support/test-server.js';

const DOMAIN = graphql(`
  query HardeningDomain {
    signInParameters { domain }
  }
`);

const QUERY_TYPE = graphql(`
  query HardeningQueryType {
    __schema { queryType { name } }
  }
`);

const ME = graphql(`
  query HardeningMe {
    me { address }
  }
`);

/** The Vite dev server, say: an extra origin allowed to call the API with credentials. */
const ALLOWED_ORIGIN = 'http://localhost:5173';
const FOREIGN_ORIGIN = 'https://evil.example';

/** The armor limits of create-yoga.ts: no refusal message may reveal them. */
const LIMIT_NUMBERS = /\b(8|15|1000|5000)\b/;

/** What graphql-armor answers for any limit when `exposeLimits` is off. */
const REFUSED = 'Syntax Error: Query validation error.';

/** `__type` (unlike `__schema`, which the depth rule skips) nests as deep as one asks. */
function typeQueryOfDepth(depth: number): string {
  // __type, fields, type and the final name are four levels; each ofType adds one.
  const ofTypes = depth - 4;
  return `{ __type(name: "Account") { fields { type { ${'ofType { '.repeat(ofTypes)}name${' }'.repeat(ofTypes)} } } } }`;
}

async function post(server: TestServer, body: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body,
  });
}

/** After every refusal: the process is up and a normal query is answered. */
async function expectStillServing(server: TestServer) {
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  const result = await new TestClient(server).request(DOMAIN);
  expect(result.errors).toBeUndefined();
  expect(result.data?.signInParameters.domain).toBe(new URL(server.origin).host);
}

describe('hardening of a production server', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { ALLOWED_ORIGINS: ALLOWED_ORIGIN } });
  });
  afterAll(() => server?.close());

  it('refuses a query 20 levels deep without revealing the limit', async () => {
    const result = await new TestClient(server).request(typeQueryOfDepth(20));
    expect(result.data).toBeUndefined();
    const messages = result.errors?.map((error) => error.message) ?? [];
    expect(messages).toContain(REFUSED);
    for (const message of messages) expect(message).not.toMatch(LIMIT_NUMBERS);
    await expectStillServing(server);
  });

  it('refuses a flood of 100 aliases without revealing the limit', async () => {
    const aliases = Array.from({ length: 100 }, (_, i) => `a${i}: signInParameters { domain }`);
    const result = await new TestClient(server).request(`{ ${aliases.join(' ')} }`);
    expect(result.data).toBeUndefined();
    expect(result.errors?.map((error) => error.message)).toEqual([REFUSED]);
    await expectStillServing(server);
  });

  it('refuses a query of too many tokens without revealing the limit', async () => {
    const result = await new TestClient(server).request(
      `{ signInParameters { ${'domain '.repeat(3000)} } }`,
    );
    expect(result.data).toBeUndefined();
    expect(result.errors?.map((error) => error.message)).toEqual([REFUSED]);
    await expectStillServing(server);
  });

  it('answers a body over 64 KiB with 413', async () => {
    const body = JSON.stringify({
      query: 'query ($x: String) { signInParameters { domain } }',
      variables: { x: 'a'.repeat(64 * 1024) },
    });
    const response = await post(server, body);
    expect(response.status).toBe(413);
    await response.body?.cancel();
    await expectStillServing(server);
  });

  it('answers a signature that is not hex with BAD_USER_INPUT', async () => {
    const client = new TestClient(server);
    const message = await client.prepareMessage(testAccount(0), {
      issuedAt: new Date(server.clock()).toISOString(),
    });
    for (const signature of ['0xnothex', `0x${'g'.repeat(130)}`, 'not even close', '0x1']) {
      expect(errorCode(await client.signIn(message, signature))).toBe('BAD_USER_INPUT');
    }
    await expectStillServing(server);
  });

  it('answers a body that is not JSON with 400', async () => {
    const response = await post(server, '{"query": "{ signInParameters { domain } }"');
    expect(response.status).toBe(400);
    await response.body?.cancel();
    await expectStillServing(server);
  });

  it('refuses a text/plain POST, which a browser sends cross-site without a preflight', async () => {
    const response = await post(server, JSON.stringify({ query: '{ me { id } }' }), {
      'content-type': 'text/plain',
      origin: FOREIGN_ORIGIN,
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { data?: unknown; errors: { message: string }[] };
    expect(body.data).toBeUndefined();
    // The refusal names the header and what to send instead, not Yoga's bare "Required CSRF header(s) not present".
    expect(body.errors[0]?.message).toMatch(
      /needs the x-graphql-yoga-csrf header.*application\/json/,
    );
    await expectStillServing(server);
  });

  it('refuses a GET without the CSRF header, answers a query with it, and refuses a mutation', async () => {
    const get = (query: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/graphql?query=${encodeURIComponent(query)}`, {
        headers: { accept: 'application/json', ...headers },
      });

    const bare = await get('{ signInParameters { domain } }');
    expect(bare.status).toBe(403);
    expect(await bare.json()).not.toHaveProperty('data');

    const withHeader = await get('{ signInParameters { domain } }', { 'x-graphql-yoga-csrf': '1' });
    expect(withHeader.status).toBe(200);
    expect(await withHeader.json()).toEqual({
      data: { signInParameters: { domain: new URL(server.origin).host } },
    });

    const countNonces = async () =>
      (await server.services.db.selectFrom('nonces').select('value').execute()).length;
    const noncesBefore = await countNonces();
    const mutation = await get('mutation { createNonce { value } }', {
      'x-graphql-yoga-csrf': '1',
    });
    expect(mutation.status).toBe(405);
    expect(await mutation.json()).not.toHaveProperty('data');
    expect(await countNonces()).toBe(noncesBefore);
    await expectStillServing(server);
  });

  it('refuses introspection', async () => {
    const result = await new TestClient(server).request('{ __schema { types { name } } }');
    expect(result.data).toBeUndefined();
    expect(result.errors?.[0]?.message).toBe('GraphQL introspection is disabled on this server.');
    await expectStillServing(server);
  });

  it('answers a preflight from an allowed origin with credentials', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: ALLOWED_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('content-type');
  });

  it('refuses a preflight from a foreign origin with 403 and no allow header', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: FOREIGN_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    await expectStillServing(server);
  });

  it('sends the security headers on the API and on health checks', async () => {
    for (const response of [
      await post(server, JSON.stringify({ query: '{ signInParameters { domain } }' })),
      await fetch(`${server.url}/healthz`),
    ]) {
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      await response.body?.cancel();
    }
  });
});

describe('hardening of a development server', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { NODE_ENV: 'development' } });
  });
  afterAll(() => server?.close());

  it('allows introspection', async () => {
    const result = await new TestClient(server).request(QUERY_TYPE);
    expect(result.errors).toBeUndefined();
    expect(result.data?.__schema.queryType.name).toBe('Query');
  });

  it('refuses for its depth alone a query 20 levels deep, and answers one of 8', async () => {
    const shallow = await new TestClient(server).request(typeQueryOfDepth(8));
    expect(shallow.errors).toBeUndefined();
    const deep = await new TestClient(server).request(typeQueryOfDepth(20));
    expect(deep.data).toBeUndefined();
    expect(deep.errors?.map((error) => error.message)).toEqual([REFUSED]);
    await expectStillServing(server);
  });
});

describe('masked errors', () => {
  let server: TestServer;
  let logs: LogCapture;
  let signedIn: TestClient;

  beforeAll(async () => {
    logs = captureLogs('info');
    server = await startTestServer({ logger: logs.logger });
    signedIn = new TestClient(server);
    const result = await signedIn.signInAs(testAccount(0), {
      issuedAt: new Date(server.clock()).toISOString(),
    });
    expect(result.errors).toBeUndefined();
    // A real failure the code does not expect: the table under a query is gone.
    await server.services.db.schema.dropTable('sign_ins').execute();
  });
  afterAll(() => server?.close());

  it('shows the client INTERNAL_SERVER_ERROR and logs the cause under the same request id', async () => {
    const result = await signedIn.request('{ me { address signIns { edges { node { id } } } } }');
    expect(result.errors).toHaveLength(1);
    const error = result.errors?.[0];
    expect(error?.message).toBe('Unexpected error.');
    expect(error?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    const raw = JSON.stringify(result.errors);
    expect(raw).not.toMatch(/sign_ins|SqliteError|no such table|select|\.ts:\d+|\n\s+at /i);

    const requestId = result.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error?.extensions?.requestId).toBe(requestId);
    const logged = logs.records().filter((record) => record.requestId === requestId && record.err);
    expect(logged).toHaveLength(1);
    const err = logged[0]?.err as { message: string; stack: string };
    expect(err.message).toMatch(/no such table: sign_ins/);
    // The stack, for the developer: the message, then where it was thrown.
    expect(err.stack).toMatch(/no such table: sign_ins\n\s+at /);

    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const me = await signedIn.request(ME);
    expect(me.data?.me?.address).toBe(testAccount(0).address);
  });

  it('masks a failing operation on a websocket and logs it under the id the client gets', async () => {
    const socket = createClient({
      url: `${server.url.replace(/^http/, 'ws')}/graphql`,
      lazy: false,
      retryAttempts: 0,
      // The upgrade carries the cookie and Origin a browser tab would send.
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols: string | string[]) {
          super(url, protocols, {
            headers: { cookie: signedIn.cookie ?? '', origin: server.origin },
          });
        }
      },
    });
    try {
      const result = await new Promise<ExecutionResult>((resolve, reject) => {
        let received: ExecutionResult | undefined;
        socket.subscribe(
          { query: '{ me { signIns { edges { cursor } } } }' },
          {
            next: (value) => {
              received = value as ExecutionResult;
            },
            error: (error) => reject(error),
            complete: () => (received ? resolve(received) : reject(new Error('no result'))),
          },
        );
      });
      const error = result.errors?.[0];
      expect(error?.message).toBe('Unexpected error.');
      expect(error?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      const requestId = error?.extensions?.requestId as string;
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const logged = logs
        .records()
        .filter((record) => record.requestId === requestId && record.err);
      expect(logged).toHaveLength(1);
    } finally {
      await socket.dispose();
    }
  });

  it('gives each of many concurrent failing requests its own request id', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => signedIn.request('{ me { signIns { edges { cursor } } } }')),
    );
    const ids = results.map((result) => result.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(20);
    for (const [index, result] of results.entries()) {
      expect(result.errors?.[0]?.extensions?.requestId).toBe(ids[index]);
      const logged = logs
        .records()
        .filter((record) => record.requestId === ids[index] && record.err);
      expect(logged).toHaveLength(1);
    }
  });
});
