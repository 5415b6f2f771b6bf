import { text } from 'node:stream/consumers';
import { createClient } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_LIMITS } from '../src/http/socket-limits.js';
import { TestClient, testAccount } from './support/graphql-client.js';
import { metricsOf } from './support/metrics-of.js';
import { sampleValue } from './support/parse-prometheus-text.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * What one client may open over websockets: upgrades per minute follow
 * RATE_LIMIT_PER_MINUTE, and open sockets per session and per client and
 * operations per socket are bounded. Over a limit the answer is a clear
 * refusal, never a hang.
 */
type Upgrade = { status: number; body: string; retryAfter: string | undefined; socket?: WebSocket };

const opened: WebSocket[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.terminate();
});

/** Metrics on (read in process; the listener is main.ts's), so each refusal can be seen counted. */
const withMetrics = (env: Record<string, string> = {}) => startTestServer({ metrics: true, env });

const counted = async (server: TestServer, metric: string, labels: Record<string, string>) =>
  sampleValue(await metricsOf(server), metric, labels);

/** Opens a raw socket and says how the upgrade was answered. */
function upgrade(server: TestServer, headers: Record<string, string> = {}): Promise<Upgrade> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(
      `${server.url.replace(/^http/, 'ws')}/graphql`,
      'graphql-transport-ws',
      {
        headers: { origin: server.origin, ...headers },
      },
    );
    socket.once('open', () => {
      opened.push(socket);
      resolve({ status: 101, body: '', retryAfter: undefined, socket });
    });
    socket.once('unexpected-response', async (_request, response) => {
      resolve({
        status: response.statusCode ?? 0,
        body: await text(response),
        retryAfter: response.headers['retry-after'] as string | undefined,
      });
    });
    socket.once('error', (error) => {
      if (!socket.listenerCount('unexpected-response')) reject(error);
    });
  });
}

describe('upgrades per client per minute', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await withMetrics({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => server?.close());

  it('answers the upgrade past RATE_LIMIT_PER_MINUTE with 429, RATE_LIMITED and Retry-After, then lets it through in the next window', async () => {
    for (let i = 0; i < 3; i++) expect((await upgrade(server)).status).toBe(101);
    const refused = await upgrade(server);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(
      await counted(server, 'sigil_rate_limit_refusals_total', { operation: 'websocket' }),
    ).toBe(1);
    const retryAfter = Number(refused.retryAfter);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    server.clock.advance(retryAfter * 1000);
    expect((await upgrade(server)).status).toBe(101);
  });
});

describe('open sockets and operations', () => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await withMetrics();
    client = new TestClient(server);
    const result = await client.signInAs(testAccount(0), {
      issuedAt: new Date(server.clock()).toISOString(),
    });
    if (result.errors) throw new Error(JSON.stringify(result.errors));
  });
  afterAll(() => server?.close());

  it(`refuses a session's socket beyond ${SOCKET_LIMITS.perSession} with 429, and takes one again once one closes`, async () => {
    const cookie = { cookie: client.cookie ?? '' };
    const sockets: Upgrade[] = [];
    for (let i = 0; i < SOCKET_LIMITS.perSession; i++) sockets.push(await upgrade(server, cookie));
    expect(sockets.map((socket) => socket.status)).toEqual(
      Array(SOCKET_LIMITS.perSession).fill(101),
    );
    const refused = await upgrade(server, cookie);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).message).toMatch(/per session/);
    expect(
      await counted(server, 'sigil_socket_limit_refusals_total', { limit: 'sockets_per_session' }),
    ).toBe(1);
    // An anonymous socket from the same client is still welcome.
    expect((await upgrade(server)).status).toBe(101);

    const first = sockets[0]?.socket as WebSocket;
    const closed = new Promise((resolve) => first.once('close', resolve));
    first.close();
    await closed;
    await expect.poll(async () => (await upgrade(server, cookie)).status).toBe(101);
  });

  it(`refuses operations on one socket beyond ${SOCKET_LIMITS.operationsPerSocket} with RATE_LIMITED`, async () => {
    const ws = createClient({
      url: `${server.url.replace(/^http/, 'ws')}/graphql`,
      retryAttempts: 0,
      webSocketImpl: class extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, {
            headers: { origin: server.origin, cookie: client.cookie ?? '' },
          });
        }
      },
    });
    const errors: unknown[] = [];
    const subscribe = () =>
      new Promise<void>((resolve) => {
        ws.subscribe(
          { query: 'subscription { accountEvents { type } }' },
          {
            next: () => {},
            error: (error) => {
              errors.push(error);
              resolve();
            },
            complete: () => resolve(),
          },
        );
      });
    for (let i = 0; i < SOCKET_LIMITS.operationsPerSocket; i++) void subscribe();
    await subscribe();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'RATE_LIMITED' }) }),
    ]);
    expect(
      await counted(server, 'sigil_socket_limit_refusals_total', {
        limit: 'operations_per_socket',
      }),
    ).toBe(1);
    await ws.dispose();
  });
});

describe('open sockets per client', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await withMetrics();
  });
  afterAll(() => server?.close());

  it(`refuses a client's socket beyond ${SOCKET_LIMITS.perClient}, anonymous ones included`, async () => {
    const statuses = await Promise.all(
      Array.from({ length: SOCKET_LIMITS.perClient }, async () => (await upgrade(server)).status),
    );
    expect(statuses.every((status) => status === 101)).toBe(true);
    const refused = await upgrade(server);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).message).toMatch(/per client/);
    expect(
      await counted(server, 'sigil_socket_limit_refusals_total', { limit: 'sockets_per_client' }),
    ).toBe(1);
  });
});
