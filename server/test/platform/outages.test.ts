import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PrivatePostgres,
  postgresBinaries,
  startPrivatePostgres,
} from '../../../testing/outage/private-postgres.js';
import { type PrivateRedis, startPrivateRedis } from '../../../testing/outage/private-redis.js';
import { serviceAvailable } from '../../../testing/services.js';
import { graphql } from '../generated/index.js';
import { errorCode, TestClient, testAccount } from '../support/graphql-client.js';
import { signedIn } from '../support/signed-in.js';
import { subscribeAccountEvents } from '../support/subscribe-account-events.js';
import { createPostgresSchema, startTestServer, type TestServer } from '../support/test-server.js';

const ME = graphql(`
  query OutagesMe {
    me { address }
  }
`);

/**
 * Outages of Redis and PostgreSQL against the running server. Each suite has
 * a Redis or PostgreSQL server of its own (the machine's installation, on a
 * port of its own) to stop and start, so an outage here never reaches another
 * suite running beside it. Nothing here may end the process: an unhandled
 * rejection or error event would fail the run.
 */
type Readiness = { status: string; database: string; redis?: string };

async function readiness(server: TestServer): Promise<{ code: number; body: Readiness }> {
  const response = await fetch(`${server.url}/readyz`);
  return { code: response.status, body: (await response.json()) as Readiness };
}

/** Asks /readyz until it says what the test waits for; the deadline is only a failure bound. */
async function untilReadiness(server: TestServer, holds: (body: Readiness) => boolean) {
  await expect
    .poll(async () => holds((await readiness(server)).body), { timeout: 20_000 })
    .toBe(true);
}

const origin = 'http://sigil.test';
const clientOf = (server: TestServer) => new TestClient({ url: server.url, origin }, { origin });

const postgresReady = await serviceAvailable('PostgreSQL');

describe.runIf(postgresReady)('while Redis is down', () => {
  let redis: PrivateRedis;
  let a: TestServer;
  let b: TestServer;
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    schema = await createPostgresSchema();
    const env = { PUBLIC_URL: origin, REDIS_URL: redis.url };
    a = await startTestServer({ databaseUrl: schema.url, env });
    b = await startTestServer({ databaseUrl: schema.url, env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await schema?.drop();
    await redis?.stop();
  });

  it('signs in, answers me and closes its own sockets, and says it is degraded', async () => {
    await untilReadiness(a, (body) => body.redis === 'ok');
    await redis.stop();
    await untilReadiness(a, (body) => body.redis === 'down');

    const { client } = await signedIn(a, 0, { client: clientOf(a) });
    const me = await client.request(ME);
    expect(me.data?.me?.address).toBe(testAccount(0).address);

    // The instance's own events still flow: a sign-out closes its own socket.
    const socket = await subscribeAccountEvents(client, { events: a.services.events });
    const other = clientOf(a);
    other.cookie = client.cookie;
    expect((await other.request('mutation { signOut }')).errors).toBeUndefined();
    expect(await socket.closed).toBe(4401);

    expect(await readiness(a)).toEqual({
      code: 200,
      body: { status: 'degraded', database: 'ok', redis: 'down' },
    });
  });

  it('reaches the other instance again once Redis is back', async () => {
    await redis.start();
    await untilReadiness(a, (body) => body.redis === 'ok');
    await untilReadiness(b, (body) => body.redis === 'ok');
    expect((await readiness(a)).body.status).toBe('ready');

    const tab = (await signedIn(b, 1, { client: clientOf(b) })).client;
    // Probed through instance A: the socket on B hears A's events through Redis.
    const socket = await subscribeAccountEvents(tab, { events: a.services.events });
    const onA = clientOf(a);
    onA.cookie = tab.cookie;
    expect((await onA.request('mutation { signOut }')).errors).toBeUndefined();
    expect(await socket.closed).toBe(4401);
  });
});

describe.runIf(postgresBinaries() !== undefined)('while PostgreSQL restarts', () => {
  let postgres: PrivatePostgres;
  let server: TestServer;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    server = await startTestServer({ databaseUrl: postgres.url, env: { PUBLIC_URL: origin } });
  }, 90_000);
  afterAll(async () => {
    await server?.close();
    await postgres?.remove();
  });

  it('answers every request during the outage with a clear error, then recovers without a restart', async () => {
    const { client } = await signedIn(server, 2, { client: clientOf(server) });
    await postgres.stop();

    const during = await Promise.all(Array.from({ length: 5 }, () => client.request(ME)));
    for (const result of during) {
      expect(errorCode(result)).toBe('INTERNAL_SERVER_ERROR');
      expect(result.errors?.[0]?.message).toBe('Unexpected error.');
      expect(result.errors?.[0]?.extensions?.requestId).toEqual(expect.any(String));
    }
    expect(await readiness(server)).toEqual({
      code: 503,
      body: { status: 'unavailable', database: 'unreachable' },
    });

    await postgres.start();
    await untilReadiness(server, (body) => body.database === 'ok');
    const after = await client.request(ME);
    expect(after.data?.me?.address).toBe(testAccount(2).address);
  }, 90_000);
});
