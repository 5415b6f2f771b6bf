import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, serviceAvailable } from '../../../testing/services.js';
import { graphql } from '../generated/index.js';
import { errorCode, TestClient } from '../support/graphql-client.js';
import { newKey } from '../support/profile-requests.js';
import { signedIn } from '../support/signed-in.js';
import { subscribeAccountEvents } from '../support/subscribe-account-events.js';
import { createPostgresSchema, startTestServer, type TestServer } from '../support/test-server.js';

const ME = graphql(`
  query AdministrationMultiInstanceMe {
    me { id }
  }
`);

/**
 * A suspension made on one instance reaches the sockets another instance
 * holds (docs/administration.md): through the events bus on Redis, the
 * socket gets ACCOUNT_SUSPENDED, then closes with 4403.
 */
const ready = (await serviceAvailable('PostgreSQL')) && (await serviceAvailable('Redis'));

describe.runIf(ready)('suspension across instances on PostgreSQL and Redis', () => {
  let a: TestServer;
  let b: TestServer;
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
  const origin = 'http://sigil.test';
  const adminKey = newKey();

  beforeAll(async () => {
    schema = await createPostgresSchema();
    const env = { PUBLIC_URL: origin, REDIS_URL, ADMIN_ADDRESSES: adminKey.address };
    a = await startTestServer({ databaseUrl: schema.url, env });
    b = await startTestServer({ databaseUrl: schema.url, env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await schema?.drop();
  });

  const clientOf = (server: TestServer) => new TestClient({ url: server.url, origin }, { origin });

  it('closes with 4403, after ACCOUNT_SUSPENDED, a socket held by the other instance', async () => {
    const admin = await signedIn(a, adminKey, { client: clientOf(a) });
    const victimKey = newKey();
    const victim = await signedIn(b, victimKey, { client: clientOf(b) });
    // Probed from instance A: the subscription on B is registered with Redis.
    const socket = await subscribeAccountEvents(victim.client, { events: a.services.events });
    const result = await admin.client.request(
      'mutation($id: ID!) { suspendAccount(id: $id, reason: "spam") { id } }',
      { id: victim.accountId },
    );
    expect(result.errors).toBeUndefined();
    expect(await socket.closed).toBe(4403);
    expect(socket.events.map((event) => event.type)).toEqual(['ACCOUNT_SUSPENDED']);
    // And the session is over on B's HTTP side too.
    const me = await victim.client.request(ME);
    expect(me.data?.me).toBeNull();
    const again = await clientOf(b).signInAs(victimKey, {
      issuedAt: new Date(b.clock()).toISOString(),
    });
    expect(errorCode(again)).toBe('ACCOUNT_SUSPENDED');
  });
});
