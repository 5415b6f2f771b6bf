import { text } from 'node:stream/consumers';
import { createClient } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_LIMITS } from '../../src/graphql/socket-limits.js';
import { TestClient, testAccount } from '../support/graphql-client.js';
import { metricsOf } from '../support/metrics-of.js';
import { sampleValue } from '../support/parse-prometheus-text.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * What one client may open over websockets: upgrades per minute follow
 * RATE_LIMIT_PER_MINUTE, and open sockets per session and per client and
 * operations per socket are bounded. Over a limit the answer is a clear
 * refusal, never a hang.
 */
type Upgrade = { status: number; body: string; retryAfter: string | undefined; socket?: WebSocket };

const opened: WebSocket[] = [];
const streaming: AbortController[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.terminate();
  for (const stream of streaming.splice(0)) stream.abort();
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

/** A failure bound for a place to be given back once the server sees a stream end; not a wait. */
const RELEASED = { timeout: 15_000 };

type EventStream = {
  status: number;
  retryAfter: string | null;
  /** The GraphQL body of a refusal; undefined for an open stream. */
  refusal?: { errors: { message: string; extensions: Record<string, unknown> }[] };
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  /** The client goes away. */
  close(): void;
};

/** Asks for accountEvents as server-sent events, as a browser's EventSource-like client does. */
async function openEventStream(server: TestServer, cookie?: string): Promise<EventStream> {
  const controller = new AbortController();
  streaming.push(controller);
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      origin: server.origin,
      ...(cookie && { cookie }),
    },
    body: JSON.stringify({ query: 'subscription { accountEvents { type } }' }),
    signal: controller.signal,
  });
  const refused = response.status === 429;
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    ...(refused && { refusal: await response.json() }),
    ended: refused
      ? Promise.resolve()
      : response.text().then(
          () => undefined,
          () => undefined,
        ),
    close: () => controller.abort(),
  };
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

describe('event streams (subscriptions over server-sent events)', () => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await withMetrics();
    client = new TestClient(server);
    const result = await client.signInAs(testAccount(1), {
      issuedAt: new Date(server.clock()).toISOString(),
    });
    if (result.errors) throw new Error(JSON.stringify(result.errors));
  });
  afterAll(() => server?.close());

  it(`counts a session's event streams with its websockets: beyond ${SOCKET_LIMITS.perSession} either is 429 RATE_LIMITED with Retry-After, and a closed socket or stream gives its place back`, async () => {
    const cookie = client.cookie ?? '';
    const streams: EventStream[] = [];
    for (let i = 0; i < SOCKET_LIMITS.perSession - 1; i++) {
      streams.push(await openEventStream(server, cookie));
    }
    expect(streams.map((stream) => stream.status)).toEqual(
      Array(SOCKET_LIMITS.perSession - 1).fill(200),
    );
    const socket = await upgrade(server, { cookie });
    expect(socket.status).toBe(101);
    // Initialised, the socket stays open (graphql-ws closes one that is not within 3 s).
    socket.socket?.send(JSON.stringify({ type: 'connection_init' }));

    const refused = await openEventStream(server, cookie);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe(String(SOCKET_LIMITS.retryAfterSeconds));
    expect(refused.refusal?.errors).toEqual([
      {
        message: expect.stringMatching(/per session/),
        extensions: { code: 'RATE_LIMITED', retryAfterSeconds: SOCKET_LIMITS.retryAfterSeconds },
      },
    ]);
    // A GET asking for an event stream counts the same.
    const query = encodeURIComponent('subscription { accountEvents { type } }');
    const refusedGet = await fetch(`${server.url}/graphql?query=${query}`, {
      headers: {
        accept: 'text/event-stream',
        origin: server.origin,
        cookie,
        'x-graphql-yoga-csrf': '1',
      },
    });
    expect(refusedGet.status).toBe(429);
    expect((await refusedGet.json()).errors[0].extensions.code).toBe('RATE_LIMITED');
    const refusedUpgrade = await upgrade(server, { cookie });
    expect(refusedUpgrade.status).toBe(429);
    expect(refusedUpgrade.retryAfter).toBe(String(SOCKET_LIMITS.retryAfterSeconds));
    expect(
      await counted(server, 'sigil_socket_limit_refusals_total', { limit: 'sockets_per_session' }),
    ).toBe(3);
    // No session's budget: an anonymous stream from the same client is still answered.
    expect((await openEventStream(server)).status).toBe(200);

    // The socket's place goes to a stream; the session then holds 16 streams.
    socket.socket?.close();
    await expect
      .poll(async () => (await openEventStream(server, cookie)).status, RELEASED)
      .toBe(200);
    expect((await openEventStream(server, cookie)).status).toBe(429);
    // A stream the client closes gives its place back.
    streams[0]?.close();
    await expect
      .poll(async () => (await openEventStream(server, cookie)).status, RELEASED)
      .toBe(200);
  });
});

describe('event streams per client', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await withMetrics();
  });
  afterAll(() => server?.close());

  it(`counts a client's event streams with its websockets, anonymous requests included, and frees a stream's place when its session ends`, async () => {
    const client = new TestClient(server);
    const signedIn = await client.signInAs(testAccount(2), {
      issuedAt: new Date(server.clock()).toISOString(),
    });
    if (signedIn.errors) throw new Error(JSON.stringify(signedIn.errors));
    // Initialised, each socket stays open (graphql-ws closes one that is not within 3 s).
    const statuses = await Promise.all(
      Array.from({ length: SOCKET_LIMITS.perClient - 1 }, async () => {
        const opened = await upgrade(server);
        opened.socket?.send(JSON.stringify({ type: 'connection_init' }));
        return opened.status;
      }),
    );
    expect(statuses.every((status) => status === 101)).toBe(true);
    const sessionStream = await openEventStream(server, client.cookie);
    expect(sessionStream.status).toBe(200);

    const refused = await openEventStream(server);
    expect(refused.status).toBe(429);
    expect(refused.refusal?.errors[0]?.message).toMatch(/per client/);
    expect(refused.refusal?.errors[0]?.extensions.code).toBe('RATE_LIMITED');
    expect((await upgrade(server)).status).toBe(429);
    expect(
      await counted(server, 'sigil_socket_limit_refusals_total', { limit: 'sockets_per_client' }),
    ).toBe(2);

    // Signing out ends the session's stream (events/until-session-ends.ts): its place is free.
    expect((await client.request('mutation { signOut }')).errors).toBeUndefined();
    await sessionStream.ended;
    await expect.poll(async () => (await openEventStream(server)).status, RELEASED).toBe(200);
  });
});

/**
 * What a client sends as `Accept` does not decide what is counted: Yoga
 * answers a subscription as a stream (server-sent events or multipart) for
 * any of these, so each one counts against the session's budget.
 */
describe('event streams whatever the Accept header says', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await withMetrics({ RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => server?.close());

  const SUBSCRIPTION = 'subscription { accountEvents { type } }';
  // Undici sends `Accept: */*` when none is given; a header of one space is read as none.
  const ACCEPTS = [' ', '*/*', 'text/*', 'application/json, */*', 'text/event-stream'];
  const cases = ACCEPTS.flatMap((accept) =>
    (['POST', 'GET'] as const).map((method) => ({
      accept,
      method,
      named: accept.trim() || '(none)',
    })),
  );

  /** A subscription as this Accept and method ask for it; a 200 is an open stream. */
  async function subscribe(
    method: 'GET' | 'POST',
    accept: string,
    cookie: string,
  ): Promise<EventStream> {
    const controller = new AbortController();
    streaming.push(controller);
    const headers: Record<string, string> = {
      origin: server.origin,
      cookie,
      'x-graphql-yoga-csrf': '1',
      accept,
    };
    const response =
      method === 'GET'
        ? await fetch(`${server.url}/graphql?query=${encodeURIComponent(SUBSCRIPTION)}`, {
            headers,
            signal: controller.signal,
          })
        : await fetch(`${server.url}/graphql`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ query: SUBSCRIPTION }),
            signal: controller.signal,
          });
    const refused = response.status === 429;
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      ...(refused && { refusal: await response.json() }),
      ended: refused
        ? Promise.resolve()
        : response.text().then(
            () => undefined,
            () => undefined,
          ),
      close: () => controller.abort(),
    };
  }

  it.each(cases)(
    `refuses a session's stream beyond ${SOCKET_LIMITS.perSession} asked by $method with Accept $named, and frees a place when one ends`,
    async ({ method, accept }) => {
      const client = new TestClient(server);
      const signedIn = await client.signInAs(testAccount(0), {
        issuedAt: new Date(server.clock()).toISOString(),
      });
      if (signedIn.errors) throw new Error(JSON.stringify(signedIn.errors));
      const cookie = client.cookie ?? '';
      const streams: EventStream[] = [];
      for (let i = 0; i < SOCKET_LIMITS.perSession; i++) {
        streams.push(await subscribe(method, accept, cookie));
      }
      expect(streams.map((stream) => stream.status)).toEqual(
        Array(SOCKET_LIMITS.perSession).fill(200),
      );
      const refused = await subscribe(method, accept, cookie);
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBe(String(SOCKET_LIMITS.retryAfterSeconds));
      expect(refused.refusal?.errors).toEqual([
        {
          message: expect.stringMatching(/per session/),
          extensions: { code: 'RATE_LIMITED', retryAfterSeconds: SOCKET_LIMITS.retryAfterSeconds },
        },
      ]);
      // The refused subscription is not kept: only the open streams listen.
      await expect
        .poll(() => server.services.events.activeSubscriptions(), RELEASED)
        .toBe(SOCKET_LIMITS.perSession);
      streams[0]?.close();
      await expect
        .poll(async () => (await subscribe(method, accept, cookie)).status, RELEASED)
        .toBe(200);
      for (const stream of streams) stream.close();
    },
  );

  it(`holds to ${SOCKET_LIMITS.perSession} when a session's streams and sockets are all asked for at once`, async () => {
    const client = new TestClient(server);
    const signedIn = await client.signInAs(testAccount(1), {
      issuedAt: new Date(server.clock()).toISOString(),
    });
    if (signedIn.errors) throw new Error(JSON.stringify(signedIn.errors));
    const cookie = client.cookie ?? '';
    const asked = SOCKET_LIMITS.perSession + 8;
    const statuses = await Promise.all(
      Array.from({ length: asked }, async (_, i) => {
        if (i % 2) return (await subscribe('POST', '*/*', cookie)).status;
        const opened = await upgrade(server, { cookie });
        opened.socket?.send(JSON.stringify({ type: 'connection_init' }));
        return opened.status;
      }),
    );
    const open = statuses.filter((status) => status === 200 || status === 101);
    expect(open).toHaveLength(SOCKET_LIMITS.perSession);
    expect(statuses.filter((status) => status === 429)).toHaveLength(asked - open.length);
  });
});
