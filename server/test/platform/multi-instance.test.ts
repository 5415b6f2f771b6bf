import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, serviceAvailable } from '../../../testing/services.js';
import { graphql } from '../generated/index.js';
import { errorCode, TestClient, testAccount } from '../support/graphql-client.js';
import { subscribeAccountEvents } from '../support/subscribe-account-events.js';
import { createPostgresSchema, startTestServer, type TestServer } from '../support/test-server.js';

const ME = graphql(`
  query MultiInstanceMe {
    me { address }
  }
`);

/**
 * Two instances behind one (imaginary) load balancer: one PostgreSQL, one
 * Redis. What one instance does must reach the sockets and limits of the other.
 */
const ready = (await serviceAvailable('PostgreSQL')) && (await serviceAvailable('Redis'));

describe.runIf(ready)('several instances on PostgreSQL and Redis', () => {
  let a: TestServer;
  let b: TestServer;
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
  const origin = 'http://sigil.test';

  beforeAll(async () => {
    schema = await createPostgresSchema();
    const env = {
      PUBLIC_URL: origin,
      REDIS_URL,
      RATE_LIMIT_PER_MINUTE: '5',
    };
    a = await startTestServer({ databaseUrl: schema.url, env });
    b = await startTestServer({ databaseUrl: schema.url, env });
    // Redis rate-limit keys are per client address and minute window. A window
    // no other run can have used (a random minute years ahead) keeps two runs
    // of this suite within one real minute from counting each other's attempts.
    const minute =
      Math.floor(Date.now() / 60_000) + 1_000_000 + Math.floor(Math.random() * 1_000_000);
    a.clock.set(minute * 60_000);
    b.clock.set(minute * 60_000);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await schema?.drop();
  });

  const clientOf = (server: TestServer) => new TestClient({ url: server.url, origin }, { origin });

  it('signs in on one instance and is known on the other', async () => {
    const client = clientOf(a);
    const result = await client.signInAs(testAccount(0), {
      issuedAt: new Date(a.clock()).toISOString(),
    });
    expect(result.errors).toBeUndefined();
    const onB = clientOf(b);
    onB.cookie = client.cookie;
    const me = await onB.request(ME);
    expect(me.data?.me?.address).toBe(testAccount(0).address);
  });

  it('closes a socket held by one instance when the session is revoked on the other', async () => {
    const tab = clientOf(a);
    const tabResult = await tab.signInAs(testAccount(1), {
      issuedAt: new Date(a.clock()).toISOString(),
    });
    const tabSession = tabResult.data?.signIn.session.id as string;
    const onB = clientOf(b);
    onB.cookie = tab.cookie;
    // Probed from instance A: the subscription on B is registered with Redis.
    const socket = await subscribeAccountEvents(onB, { events: a.services.events });
    const other = clientOf(a);
    await other.signInAs(testAccount(1), { issuedAt: new Date(a.clock()).toISOString() });
    // Delivered only while the tab's session lives (events/until-session-ends.ts): revoked
    // before B delivered it, it would rightly never come.
    await expect.poll(() => socket.events.map((e) => e.type)).toEqual(['SIGNED_IN']);
    await other.request(`mutation { revokeSession(id: "${tabSession}") }`);
    expect(await socket.closed).toBe(4401);
    expect(socket.events.map((e) => e.type)).toEqual(['SIGNED_IN', 'SESSION_REVOKED']);
  });

  it('shares the rate limit across instances', async () => {
    // Redis keys are per client address and minute window. A window no other
    // run can have used (a random minute years ahead) keeps two runs of this
    // suite within one real minute from counting each other's attempts.
    const minute =
      Math.floor(Date.now() / 60_000) + 1_000_000 + Math.floor(Math.random() * 1_000_000);
    a.clock.set(minute * 60_000);
    b.clock.set(minute * 60_000);
    const onA = clientOf(a);
    const onB = clientOf(b);
    for (let i = 0; i < 3; i++) await onA.createNonce();
    for (let i = 0; i < 2; i++) await onB.createNonce();
    expect(errorCode(await onA.request('mutation { createNonce { value } }'))).toBe('RATE_LIMITED');
    expect(errorCode(await onB.request('mutation { createNonce { value } }'))).toBe('RATE_LIMITED');
  });
});
