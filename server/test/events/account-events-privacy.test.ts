import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/index.js';
import { databaseBackends } from '../support/each-database.js';
import { TestClient } from '../support/graphql-client.js';
import { newKey } from '../support/profile-requests.js';
import { openProtocolSocket, type ProtocolSocket } from '../support/protocol-socket.js';
import { type SignedIn, signedIn } from '../support/signed-in.js';
import { createPostgresSchema, startTestServer, type TestServer } from '../support/test-server.js';

const ROLES_OF = graphql(`
  query AccountEventsPrivacyRolesOf($id: ID!) {
    admin { account(id: $id) { roles } }
  }
`);

const END_SESSIONS = graphql(`
  mutation AccountEventsPrivacyEndSessions($a: ID!) {
    endSessions(accountId: $a)
  }
`);

/**
 * An account's events name only the account's own sessions (schema:
 * `AccountEvent.session`, `AccountEvent.actor`): whatever an administrator or
 * the access rules cause, the member's socket never receives the
 * administrator's session id, wallet address, user agent or account id.
 * Asserted on the text of every message the socket received.
 *
 * A rules check caused by an administrator's read needs a member whose roles
 * were never checked: the member signs in on an instance without rules, and
 * listens on one with them, both on the same database.
 */
/** A failure bound for what comes through a socket, not a wait. */
const POLL = { timeout: 15_000 };

const ADMIN_USER_AGENT = 'AdminConsole/9.9 (only-the-administrator-uses-this)';

const EVENTS = `subscription {
  accountEvents { type actor roles session { id current address userAgent chainId } }
}`;

type Event = {
  type: string;
  actor: string;
  roles: string[] | null;
  session: { id: string; current: boolean; address: string; userAgent: string | null };
};

const eventsOf = (socket: ProtocolSocket): Event[] =>
  socket.received
    .filter((message) => message.type === 'next')
    .map((message) => (message.payload as { data: { accountEvents: Event } }).data.accountEvents)
    .filter((event) => event.type !== 'SIGNED_IN');

/**
 * Opens the member's socket and subscribes; returns once the subscription is
 * registered: a SIGNED_IN of the member's own session, published until one
 * comes through, is the proof (it is left out of `eventsOf`).
 */
async function listen(server: TestServer, member: SignedIn): Promise<ProtocolSocket> {
  const socket = await openProtocolSocket(server, { cookie: member.client.cookie });
  socket.send({ type: 'connection_init' });
  await socket.next((message) => message.type === 'connection_ack');
  socket.send({ id: 'events', type: 'subscribe', payload: { query: EVENTS } });
  const probe = () =>
    server.services.events.publish({
      type: 'SIGNED_IN',
      at: server.clock(),
      accountId: member.accountId,
      actor: 'SELF',
      sessionId: member.sessionId,
    });
  await expect
    .poll(() => {
      probe();
      return socket.received.some((message) => message.type === 'next');
    }, POLL)
    .toBe(true);
  return socket;
}

describe.each(databaseBackends)('account events on $name', ({ name, kind, available }) => {
  describe.skipIf(!available)(name, () => {
    const adminKey = newKey();
    const memberKey = newKey();
    let databaseUrl: string;
    let cleanup: () => Promise<void>;
    let server: TestServer;
    let admin: SignedIn;
    let member: SignedIn;

    beforeAll(async () => {
      if (kind === 'postgres') {
        const schema = await createPostgresSchema();
        databaseUrl = schema.url;
        cleanup = () => schema.drop();
      } else {
        const dir = mkdtempSync(join(tmpdir(), 'sigil-event-privacy-'));
        databaseUrl = `sqlite:${join(dir, 'shared.sqlite')}`;
        cleanup = async () => rmSync(dir, { recursive: true, force: true });
      }
      // Signed in where no rules are checked: the member's roles never were.
      const withoutRules = await startTestServer({ databaseUrl });
      const firstSignIn = await signedIn(withoutRules, memberKey);
      await withoutRules.close();

      server = await startTestServer({
        databaseUrl,
        env: {
          ADMIN_ADDRESSES: adminKey.address,
          ACCESS_RULES: JSON.stringify([
            { role: 'friend', any: [{ type: 'allowlist', addresses: [memberKey.address] }] },
          ]),
        },
      });
      const client = new TestClient(server);
      client.cookie = firstSignIn.client.cookie;
      member = { ...firstSignIn, client };
      admin = await signedIn(server, adminKey, { headers: { 'user-agent': ADMIN_USER_AGENT } });
    });
    afterAll(async () => {
      await server?.close();
      await cleanup?.();
    });

    /** Nothing of the administrator in any message the member's socket received. */
    function expectNothingOfTheAdministrator(socket: ProtocolSocket) {
      const text = socket.raw.join('\n');
      expect(text).not.toContain(admin.sessionId);
      expect(text).not.toContain(admin.accountId);
      expect(text.toLowerCase()).not.toContain(adminKey.address.slice(2).toLowerCase());
      expect(text).not.toContain('AdminConsole');
    }

    it("names the member's own session, not the administrator's, when an administrator's read, grant or revocation changes the member's roles", async () => {
      const socket = await listen(server, member);
      const read = await admin.client.request(ROLES_OF, { id: member.accountId });
      expect(read.data?.admin?.account?.roles).toEqual(['friend']);
      await expect.poll(() => eventsOf(socket).length, POLL).toBe(1);
      const granted = await admin.client.request(
        'mutation($a: ID!) { grantRole(accountId: $a, role: "vip") { roles } }',
        { a: member.accountId },
      );
      expect(granted.errors).toBeUndefined();
      const revoked = await admin.client.request(
        'mutation($a: ID!) { revokeRole(accountId: $a, role: "vip") { roles } }',
        { a: member.accountId },
      );
      expect(revoked.errors).toBeUndefined();
      await expect.poll(() => eventsOf(socket).length, POLL).toBe(3);

      const events = eventsOf(socket);
      expect(events.map(({ type, actor, roles }) => ({ type, actor, roles }))).toEqual([
        { type: 'ROLES_CHANGED', actor: 'RULES_CHECK', roles: ['friend'] },
        { type: 'ROLES_CHANGED', actor: 'ADMINISTRATOR', roles: ['friend', 'vip'] },
        { type: 'ROLES_CHANGED', actor: 'ADMINISTRATOR', roles: ['friend'] },
      ]);
      for (const event of events) {
        expect(event.session).toMatchObject({
          id: member.sessionId,
          current: true,
          address: memberKey.address,
        });
      }
      expectNothingOfTheAdministrator(socket);
      await socket.close();
    });

    it("revokes the member's sessions with endSessions and suspends the account, naming only the member's sessions", async () => {
      const socket = await listen(server, member);
      const ended = await admin.client.request(END_SESSIONS, { a: member.accountId });
      expect(ended.data?.endSessions).toBe(1);
      expect((await socket.closed).code).toBe(4401);
      expect(eventsOf(socket).map(({ type, actor, session }) => [type, actor, session.id])).toEqual(
        [['SESSION_REVOKED', 'ADMINISTRATOR', member.sessionId]],
      );
      expectNothingOfTheAdministrator(socket);

      const again = await signedIn(server, memberKey);
      const listening = await listen(server, again);
      const suspended = await admin.client.request(
        'mutation($id: ID!) { suspendAccount(id: $id, reason: "spam") { id } }',
        { id: again.accountId },
      );
      expect(suspended.errors).toBeUndefined();
      expect((await listening.closed).code).toBe(4403);
      expect(
        eventsOf(listening).map(({ type, actor, session }) => [type, actor, session.id]),
      ).toEqual([['ACCOUNT_SUSPENDED', 'ADMINISTRATOR', again.sessionId]]);
      expectNothingOfTheAdministrator(listening);
    });
  });
});
