import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { graphql } from '../generated/index.js';
import { errorCode, TestClient, testAccount } from '../support/graphql-client.js';
import { moveClockToSessionEnd } from '../support/move-clock-to-session-end.js';
import { signedIn } from '../support/signed-in.js';
import { subscribeAccountEvents } from '../support/subscribe-account-events.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const ME = graphql(`
  query SessionsMe {
    me {
      address
      sessions { id current }
      signIns(first: 10) { edges { node { walletKind chainId } } }
    }
  }
`);

const SIGN_OUT = graphql(`
  mutation SessionsSignOut {
    signOut
  }
`);

const REVOKE_SESSION = graphql(`
  mutation SessionsRevokeSession($id: ID!) {
    revokeSession(id: $id)
  }
`);

describe('sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { SESSION_IDLE_TIMEOUT: '60s', SESSION_MAX_AGE: '180s' },
    });
  });
  afterAll(() => server.close());

  it('stores only a hash of the token', async () => {
    const { client, sessionId } = await signedIn(server);
    const token = client.cookie?.split('=')[1] as string;
    const row = await server.services.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('lists the account sessions with the current one marked, and records the sign-in', async () => {
    const first = await signedIn(server);
    const second = await signedIn(server);
    const me = await second.client.request(ME);
    const sessions = me.data?.me?.sessions ?? [];
    expect(sessions.find((s) => s.id === second.sessionId)?.current).toBe(true);
    expect(sessions.find((s) => s.id === first.sessionId)?.current).toBe(false);
    expect(me.data?.me?.signIns.edges[0]?.node).toEqual({ walletKind: 'EOA', chainId: 31337 });
    const row = await server.services.db
      .selectFrom('sign_ins')
      .selectAll()
      .where('session_id', '=', second.sessionId)
      .executeTakeFirstOrThrow();
    expect(row.message).toContain('wants you to sign in with your Ethereum account');
    expect(row.signature).toMatch(/^0x[0-9a-f]{130}$/);
  });

  it('ends an idle session after SESSION_IDLE_TIMEOUT, on HTTP', async () => {
    const { client } = await signedIn(server);
    server.clock.advance(61_000);
    expect((await client.request(ME)).data?.me).toBeNull();
    expect(
      errorCode(
        await client.request(
          'mutation { revokeSession(id: "00000000-0000-4000-8000-000000000000") }',
        ),
      ),
    ).toBe('UNAUTHENTICATED');
  });

  it('keeps an active session alive past the idle timeout, until SESSION_MAX_AGE', async () => {
    const { client } = await signedIn(server);
    for (let elapsed = 0; elapsed < 160_000; elapsed += 40_000) {
      server.clock.advance(40_000);
      expect((await client.request(ME)).data?.me?.address).toBe(testAccount(0).address);
    }
    server.clock.advance(25_000);
    expect((await client.request(ME)).data?.me).toBeNull();
  });

  it('signs out on the server: the same cookie is refused afterwards, and signOut is idempotent', async () => {
    const { client } = await signedIn(server);
    const stolenCookie = client.cookie;
    const result = await client.request(SIGN_OUT);
    expect(result.data?.signOut).toBe(true);
    expect(result.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    const replay = new TestClient(server);
    replay.cookie = stolenCookie;
    expect((await replay.request(ME)).data?.me).toBeNull();
    expect((await replay.request(SIGN_OUT)).data?.signOut).toBe(true);
  });

  it('revokes another session of the account, and not a session of another account', async () => {
    const laptop = await signedIn(server, 0);
    const phone = await signedIn(server, 0);
    const stranger = await signedIn(server, 2);
    const revoked = await laptop.client.request(REVOKE_SESSION, { id: phone.sessionId });
    expect(revoked.data?.revokeSession).toBe(true);
    expect((await phone.client.request(ME)).data?.me).toBeNull();
    const foreign = await laptop.client.request(REVOKE_SESSION, { id: stranger.sessionId });
    expect(foreign.data?.revokeSession).toBe(false);
    expect((await stranger.client.request(ME)).data?.me?.address).toBe(testAccount(2).address);
    expect(
      errorCode(await laptop.client.request('mutation { revokeSession(id: "not-an-id") }')),
    ).toBe('BAD_USER_INPUT');
  });

  it('rotates the session at sign-in: the previous one ends', async () => {
    const { client, sessionId } = await signedIn(server);
    const before = client.cookie;
    const again = await client.signInAs(testAccount(0), {
      issuedAt: new Date(server.clock()).toISOString(),
    });
    expect(again.data?.signIn.session.id).not.toBe(sessionId);
    expect(client.cookie).not.toBe(before);
    const old = new TestClient(server);
    old.cookie = before;
    expect((await old.request(ME)).data?.me).toBeNull();
  });
});

describe('secure cookies', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('marks the cookie Secure with the __Host- prefix when PUBLIC_URL is https', async () => {
    const https = await startTestServer({ env: { PUBLIC_URL: 'https://sigil.example' } });
    try {
      const client = new TestClient({ url: https.url, origin: 'https://sigil.example' });
      const result = await client.signInAs(testAccount(0), {
        issuedAt: new Date(https.clock()).toISOString(),
      });
      expect(result.errors).toBeUndefined();
      const cookie = result.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^__Host-sigil_session=/);
      expect(cookie).toContain('; Secure');
      expect(cookie).toContain('; HttpOnly');
      expect(cookie).toContain('; SameSite=Lax');
      expect(cookie).toContain('; Path=/');
      expect(result.headers.get('strict-transport-security')).toContain('max-age=');
    } finally {
      await https.close();
    }
  });
});

describe('account events over websockets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('delivers SIGNED_IN when the account signs in elsewhere', async () => {
    const { client } = await signedIn(server, 0);
    const socket = await subscribeAccountEvents(client, { events: server.services.events });
    const elsewhere = await signedIn(server, 0);
    await socket.received((e) => e.type === 'SIGNED_IN' && e.session.id === elsewhere.sessionId);
    socket.dispose();
  });

  // How soon the socket closes is a latency figure for a benchmark; what a test
  // can prove is that the revoke closes it, as ended, and says why first.
  it('closes the socket of a revoked session as ended, after telling it', async () => {
    const tab = await signedIn(server, 0);
    const other = await signedIn(server, 0);
    const socket = await subscribeAccountEvents(tab.client, { events: server.services.events });
    await other.client.request(`mutation { revokeSession(id: "${tab.sessionId}") }`);
    expect(await socket.closed).toBe(4401);
    expect(socket.events.map((e) => [e.type, e.session.id])).toContainEqual([
      'SESSION_REVOKED',
      tab.sessionId,
    ]);
  });

  it('closes the socket of a signed-out session as ended', async () => {
    const tab = await signedIn(server, 0);
    const socket = await subscribeAccountEvents(tab.client);
    await tab.client.request('mutation { signOut }');
    expect(await socket.closed).toBe(4401);
  });

  it('closes the socket when its session expires', async () => {
    const expiring = await startTestServer({
      env: { SESSION_IDLE_TIMEOUT: '1h', SESSION_MAX_AGE: '1h' },
    });
    try {
      const tab = await signedIn(expiring, 0);
      await moveClockToSessionEnd(expiring, tab.sessionId);
      // Subscribed in the session's last millisecond: the probe it waits for came through.
      const socket = await subscribeAccountEvents(tab.client, { events: expiring.services.events });
      expiring.clock.advance(1);
      expect(await socket.closed).toBe(4401);
    } finally {
      await expiring.close();
    }
  });

  it('refuses accountEvents without a session', async () => {
    const anonymous = new TestClient(server);
    const socket = await subscribeAccountEvents(anonymous);
    await socket.done;
    expect(JSON.stringify(socket.errors)).toContain('UNAUTHENTICATED');
    socket.dispose();
  });

  it('refuses a websocket upgrade from a foreign origin before any socket exists', async () => {
    const { client } = await signedIn(server, 0);
    const upgrade = (origin: string) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(
          `${server.url.replace(/^http/, 'ws')}/graphql`,
          'graphql-transport-ws',
          {
            headers: { origin, cookie: client.cookie as string },
          },
        );
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('open', () => {
          ws.close();
          resolve(101);
        });
        ws.once('error', reject);
      });
    expect(await upgrade('https://evil.example')).toBe(403);
    expect(await upgrade(server.origin)).toBe(101);
  });
});
