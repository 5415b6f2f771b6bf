import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, serviceAvailable } from '../../../testing/services.js';
import { createSession } from '../../src/sessions/session-store.js';
import { databaseBackends } from '../support/each-database.js';
import { TestClient } from '../support/graphql-client.js';
import { signedIn } from '../support/signed-in.js';
import { subscribeAccountEvents } from '../support/subscribe-account-events.js';
import { createPostgresSchema, startTestServer, type TestServer } from '../support/test-server.js';

/**
 * MAX_SESSIONS_PER_ACCOUNT (docs/sign-in.md, "Sessions"): a sign-in that
 * would leave an account more live sessions than the cap ends the oldest,
 * as a revocation does (its sockets close, its cookie is refused), audited.
 * The query cost prices a session list at the cap, so piling up sessions
 * cannot make `me { sessions }` answer more than that.
 */
const OWN_SESSIONS = 'query { me { sessions { id } } }';

const liveSessionIds = async (client: TestClient) => {
  const result = await client.request<{ me: { sessions: { id: string }[] } }>(OWN_SESSIONS);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.me.sessions.map((session) => session.id).sort();
};

const revokedByLimit = (server: TestServer, accountId: string) =>
  server.services.db
    .selectFrom('audit_events')
    .select(['actor_id', 'detail'])
    .where('account_id', '=', accountId)
    .where('action', '=', 'session_revoked')
    .execute();

/** The wallet an account signed in with, to start sessions of it as a sign-in would. */
const walletOf = (server: TestServer, accountId: string) =>
  server.services.db
    .selectFrom('wallets')
    .select(['id', 'address'])
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();

describe.each(databaseBackends)('sessions per account on $name', ({ name, kind, available }) => {
  describe.skipIf(!available)(name, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({
        database: kind,
        env: { MAX_SESSIONS_PER_ACCOUNT: '3', RATE_LIMIT_PER_MINUTE: '1000' },
      });
    });
    afterAll(() => server?.close());

    it('ends the oldest live session when a sign-in passes MAX_SESSIONS_PER_ACCOUNT: its socket closes, its cookie is refused, and the audit log says why', async () => {
      const first = await signedIn(server, 0);
      const socket = await subscribeAccountEvents(first.client, { events: server.services.events });
      const kept = [];
      for (let i = 0; i < 3; i++) {
        server.clock.advance(1000);
        kept.push(await signedIn(server, 0));
      }
      expect(await socket.closed).toBe(4401);
      expect(socket.events.map(({ type, session }) => [type, session.id])).toContainEqual([
        'SESSION_REVOKED',
        first.sessionId,
      ]);
      const last = kept[2]?.client as TestClient;
      expect(await liveSessionIds(last)).toEqual(kept.map((session) => session.sessionId).sort());
      expect((await first.client.request<{ me: unknown }>('{ me { id } }')).data?.me).toBeNull();
      const audited = await revokedByLimit(server, first.accountId);
      expect(audited).toEqual([
        {
          actor_id: null,
          detail: JSON.stringify({ sessionId: first.sessionId, reason: 'session_limit' }),
        },
      ]);
    });

    it('brings an account that holds more than the cap (a lowered cap) down to it at its next sign-in', async () => {
      const { accountId } = await signedIn(server, 1);
      const wallet = await walletOf(server, accountId);
      for (let i = 0; i < 5; i++) {
        await createSession(server.services.db, {
          accountId,
          wallet,
          chainId: 31337,
          userAgent: 'an earlier cap',
          now: server.clock(),
          lifetimes: { maxAgeSeconds: 3600, idleTimeoutSeconds: 3600 },
        });
      }
      server.clock.advance(1000);
      const latest = await signedIn(server, 1);
      const live = await liveSessionIds(latest.client);
      expect(live).toHaveLength(3);
      expect(live).toContain(latest.sessionId);
      expect(await revokedByLimit(server, accountId)).toHaveLength(4);
    });
  });
});

const ready = (await serviceAvailable('PostgreSQL')) && (await serviceAvailable('Redis'));

describe.runIf(ready)('sessions per account on several instances', () => {
  let a: TestServer;
  let b: TestServer;
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
  const origin = 'http://sigil.test';

  beforeAll(async () => {
    schema = await createPostgresSchema();
    const env = { PUBLIC_URL: origin, REDIS_URL, MAX_SESSIONS_PER_ACCOUNT: '2' };
    a = await startTestServer({ databaseUrl: schema.url, env });
    b = await startTestServer({ databaseUrl: schema.url, env });
    // A minute window no other run can have used (multi-instance.test.ts says why).
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

  it("closes the ended session's socket on the instance that holds it", async () => {
    const onB = new TestClient({ url: b.url, origin }, { origin });
    const oldest = await signedIn(b, 2, { client: onB });
    const socket = await subscribeAccountEvents(oldest.client, { events: b.services.events });
    for (let i = 0; i < 2; i++) {
      a.clock.advance(1000);
      b.clock.advance(1000);
      await signedIn(a, 2, { client: new TestClient({ url: a.url, origin }, { origin }) });
    }
    expect(await socket.closed).toBe(4401);
  });
});

describe("the review's reproduction: sessions piled up with long user agents", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => server?.close());

  /** Each a character of two UTF-8 bytes: the longest a header's latin1 can make a user agent. */
  const LONG_USER_AGENT = 'é'.repeat(4000);
  const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

  it('keeps a user agent to its first 512 characters where the session stores it', async () => {
    const { sessionId } = await signedIn(server, 0, { headers: { 'user-agent': LONG_USER_AGENT } });
    const row = await server.services.db
      .selectFrom('sessions')
      .select('user_agent')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.user_agent).toBe('é'.repeat(512));
  });

  // What the cost limit admits at the default cap (50), and what it refuses.
  it.each([
    { fields: 'userAgent', answered: true },
    { fields: 'id createdAt lastSeenAt expiresAt address', answered: true },
    { fields: 'id userAgent', answered: false },
    {
      fields: 'id current createdAt lastSeenAt expiresAt chainId chain userAgent address',
      answered: false,
    },
  ])(
    'answers fifteen aliases of me { sessions { $fields } } within 2 MB, or refuses them by cost',
    async ({ fields, answered }) => {
      const { accountId, client } = await signedIn(server, 1, {
        headers: { 'user-agent': LONG_USER_AGENT },
      });
      const wallet = await walletOf(server, accountId);
      // Sessions an account could pile up before there was a cap: 60 sign-ins a minute.
      for (let i = 0; i < 300; i++) {
        await createSession(server.services.db, {
          accountId,
          wallet,
          chainId: 31337,
          userAgent: 'é'.repeat(512),
          now: server.clock() - 1000,
          lifetimes: { maxAgeSeconds: 3600, idleTimeoutSeconds: 3600 },
        });
      }
      await signedIn(server, 1, { client, headers: { 'user-agent': LONG_USER_AGENT } });
      const query = `{ ${Array.from({ length: 15 }, (_, i) => `s${i}: me { sessions { ${fields} } }`).join(' ')} }`;
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.origin,
          cookie: client.cookie ?? '',
        },
        body: JSON.stringify({ query }),
      });
      const body = Buffer.from(await response.arrayBuffer());
      const result = JSON.parse(body.toString('utf8'));
      if (!answered) {
        expect(result.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
        return;
      }
      expect(result.errors).toBeUndefined();
      expect(result.data.s0.sessions).toHaveLength(50);
      expect(body.byteLength).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
    },
  );
});
