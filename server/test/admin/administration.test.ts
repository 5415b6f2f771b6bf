import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as oidcClient from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminResolvers } from '../../src/admin/admin-resolvers.js';
import type { GraphQLContext } from '../../src/graphql/context.js';
import { findSessionById } from '../../src/sessions/session-store.js';
import type {
  AdministrationAccountsQuery,
  AdministrationAccountsQueryVariables,
} from '../generated/graphql.js';
import { graphql } from '../generated/index.js';
import { databaseBackends } from '../support/each-database.js';
import { errorCode, type GraphQLResponse, TestClient } from '../support/graphql-client.js';
import {
  answerInteraction,
  browserSignedInAs,
  discoverAs,
  interactionUid,
  OIDC_CLIENTS,
  startAuthorization,
  WIKI,
} from '../support/oidc-relying-party.js';
import {
  INDEX_HTML,
  newKey,
  pageHead,
  publicProfile,
  setVisibility,
  updateProfile,
} from '../support/profile-requests.js';
import { type SignedIn, signedIn } from '../support/signed-in.js';
import { subscribeAccountEvents } from '../support/subscribe-account-events.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The administration API and account suspension (docs/administration.md),
 * over HTTP and websockets as any client sees them, on SQLite and PostgreSQL.
 */

const DAY = 24 * 60 * 60 * 1000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const SUSPEND = graphql(`
  mutation AdministrationSuspend($id: ID!, $reason: String!, $until: DateTime) {
    suspendAccount(id: $id, reason: $reason, until: $until) {
      id
      suspension { reason at until by }
    }
  }
`);

const suspend = (admin: TestClient, id: string, reason: string, until?: number) =>
  admin.request(SUSPEND, {
    id,
    reason,
    ...(until !== undefined && { until: new Date(until).toISOString() }),
  });

const UNSUSPEND = graphql(`
  mutation AdministrationUnsuspend($id: ID!) {
    unsuspendAccount(id: $id) { id suspension { reason } }
  }
`);

const unsuspend = (admin: TestClient, id: string) => admin.request(UNSUSPEND, { id });

const GRANT_ROLE = graphql(`
  mutation AdministrationGrantRole($a: ID!, $r: String!) {
    grantRole(accountId: $a, role: $r) { id roles }
  }
`);

const grantRole = (admin: TestClient, accountId: string, role: string) =>
  admin.request(GRANT_ROLE, { a: accountId, r: role });

const REVOKE_ROLE = graphql(`
  mutation AdministrationRevokeRole($a: ID!, $r: String!) {
    revokeRole(accountId: $a, role: $r) { id roles }
  }
`);

const revokeRole = (admin: TestClient, accountId: string, role: string) =>
  admin.request(REVOKE_ROLE, { a: accountId, r: role });

const END_SESSIONS = graphql(`
  mutation AdministrationEndSessions($a: ID!) {
    endSessions(accountId: $a)
  }
`);

const endSessions = (admin: TestClient, accountId: string) =>
  admin.request(END_SESSIONS, { a: accountId });

const SUSPENSION_OF = graphql(`
  query AdministrationSuspensionOf($id: ID!) {
    admin { account(id: $id) { suspension { reason at until by } } }
  }
`);

const suspensionOf = async (admin: TestClient, id: string) => {
  const result = await admin.request(SUSPENSION_OF, { id });
  if (!result.data?.admin) throw new Error(JSON.stringify(result.errors));
  return result.data.admin.account?.suspension ?? null;
};

const ME = graphql(`
  query AdministrationMe {
    me { id }
  }
`);

const me = (client: TestClient) => client.request(ME);

const ACCOUNTS = graphql(`
  query AdministrationAccounts($q: String, $first: Int, $after: String) {
    admin {
      accounts(query: $q, first: $first, after: $after) {
        edges { cursor node { id address } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
`);

const accounts = (admin: TestClient, variables: AdministrationAccountsQueryVariables) =>
  admin.request(ACCOUNTS, variables);

type AccountsPage = AdministrationAccountsQuery;

const idsOf = (result: GraphQLResponse<AccountsPage>) =>
  result.data?.admin?.accounts.edges.map((edge) => edge.node.id);

const ACCOUNT_COUNT = graphql(`
  query AdministrationAccountCount {
    admin { stats { accounts } }
  }
`);

const SUSPENDED_COUNT = graphql(`
  query AdministrationSuspendedCount {
    admin { stats { suspendedAccounts } }
  }
`);

const STATS = graphql(`
  query AdministrationStats {
    admin {
      stats {
        accounts activeSessions signInsLast24Hours suspendedAccounts
        signInsByDay(days: 5) { day count }
        week: signInsByDay { day count }
      }
    }
  }
`);

const ACCOUNT_ID = graphql(`
  query AdministrationAccountId($id: ID!) {
    admin { account(id: $id) { id } }
  }
`);

const LISTED_SUSPENSIONS = graphql(`
  query AdministrationListedSuspensions($q: String) {
    admin { accounts(query: $q) { edges { node { suspension { reason } } } } }
  }
`);

const OWN_ROLES = graphql(`
  query AdministrationOwnRoles {
    me { roles }
  }
`);

const OWN_SUSPENSION = graphql(`
  query AdministrationOwnSuspension {
    me { suspension { reason } }
  }
`);

const LINK_STATEMENT = graphql(`
  query AdministrationLinkStatement {
    me { linkStatement }
  }
`);

/** Every admin entry point, each with arguments that would otherwise succeed or be refused later. */
const ADMIN_OPERATIONS = (someone: string) => [
  '{ admin { stats { accounts } } }',
  `{ admin { account(id: "${someone}") { id } } }`,
  '{ admin { accounts { edges { node { id } } } } }',
  `mutation { suspendAccount(id: "${someone}", reason: "spam") { id } }`,
  `mutation { unsuspendAccount(id: "${someone}") { id } }`,
  `mutation { grantRole(accountId: "${someone}", role: "admin") { id } }`,
  `mutation { revokeRole(accountId: "${someone}", role: "admin") { id } }`,
  `mutation { endSessions(accountId: "${someone}") }`,
];

describe.each(databaseBackends)('administration on $name', ({ name, kind, available }) => {
  describe.skipIf(!available)(name, () => {
    let server: TestServer;
    let webRoot: string;
    const adminKey = newKey();
    /** A second administrator by ADMIN_ADDRESSES, named by its EOA on one chain (CAIP-10). */
    const secondAdminKey = newKey();
    let admin: SignedIn;

    beforeAll(async () => {
      webRoot = mkdtempSync(join(tmpdir(), 'sigil-admin-web-'));
      writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
      server = await startTestServer({
        database: kind,
        webRoot,
        env: {
          ADMIN_ADDRESSES: `${adminKey.address},eip155:8453:${secondAdminKey.address}`,
          OIDC_CLIENTS,
        },
      });
      admin = await signedIn(server, adminKey);
    });
    afterAll(async () => {
      await server?.close();
      rmSync(webRoot, { recursive: true, force: true });
    });

    describe('who may use it', () => {
      it('answers UNAUTHENTICATED without a session, on every field and mutation', async () => {
        const anonymous = new TestClient(server);
        for (const operation of ADMIN_OPERATIONS(admin.accountId)) {
          const result = await anonymous.request(operation);
          expect(errorCode(result), operation).toBe('UNAUTHENTICATED');
        }
      });

      it('answers FORBIDDEN to a signed-in account without admin, on every field and mutation', async () => {
        const someone = await signedIn(server, newKey());
        for (const operation of ADMIN_OPERATIONS(admin.accountId)) {
          const result = await someone.client.request(operation);
          expect(errorCode(result), operation).toBe('FORBIDDEN');
          expect(result.status).toBeLessThan(500);
        }
        // Nothing changed: the administrator was neither suspended nor stripped of admin.
        expect(errorCode(await admin.client.request('{ admin { stats { accounts } } }'))).toBe(
          undefined,
        );
      });

      it('guards each Admin and AdminStats field on its own, not only Query.admin', async () => {
        const someone = await signedIn(server, newKey());
        const session = await findSessionById(server.services.db, someone.sessionId);
        const context = {
          services: server.services,
          session,
          sessionToken: undefined,
          origin: null,
          userAgent: null,
          clientAddress: '127.0.0.1',
          clientIp: '127.0.0.1',
          requestId: 'test',
        } satisfies GraphQLContext;
        type FieldResolver = (parent: unknown, args: unknown, context: unknown) => unknown;
        const fields = (type: 'Admin' | 'AdminStats') =>
          Object.entries(adminResolvers[type] as Record<string, FieldResolver>);
        const guarded = [...fields('Admin'), ...fields('AdminStats')];
        expect(guarded.map(([field]) => field)).toEqual(
          expect.arrayContaining(['stats', 'accounts', 'account', 'signInsByDay']),
        );
        for (const [field, resolve] of guarded) {
          await expect(
            (async () =>
              resolve(
                { now: server.clock() },
                { first: 1, days: 1, id: someone.accountId },
                context,
              ))(),
            field,
          ).rejects.toMatchObject({ code: 'FORBIDDEN' });
        }
      });

      it('opens to an account holding a wallet of ADMIN_ADDRESSES', async () => {
        const result = await admin.client.request(ACCOUNT_COUNT);
        expect(result.errors).toBeUndefined();
        expect(result.data?.admin?.stats.accounts).toBeGreaterThanOrEqual(1);
      });

      it('counts admin among the roles of an account holding a wallet of ADMIN_ADDRESSES', async () => {
        const result = await admin.client.request(OWN_ROLES);
        expect(result.errors).toBeUndefined();
        expect(result.data?.me?.roles).toEqual(['admin']);
      });

      it('opens to an account granted admin, publishes ROLES_CHANGED, and closes again when revoked', async () => {
        const deputy = await signedIn(server, newKey());
        expect(errorCode(await deputy.client.request('{ admin { stats { accounts } } }'))).toBe(
          'FORBIDDEN',
        );
        const socket = await subscribeAccountEvents(deputy.client, {
          events: server.services.events,
        });
        try {
          const granted = await grantRole(admin.client, deputy.accountId, 'admin');
          expect(granted.errors).toBeUndefined();
          expect(granted.data?.grantRole.roles).toContain('admin');
          const event = await socket.received((e) => e.type === 'ROLES_CHANGED');
          expect(event.roles).toEqual(['admin']);
          expect(event.session.id).toBe(deputy.sessionId);
        } finally {
          socket.dispose();
        }
        const opened = await deputy.client.request(ACCOUNT_COUNT);
        expect(opened.errors).toBeUndefined();
        // A granted administrator may use the API, but not take back their own admin.
        expect(errorCode(await revokeRole(deputy.client, deputy.accountId, 'admin'))).toBe(
          'BAD_USER_INPUT',
        );
        const revoked = await revokeRole(admin.client, deputy.accountId, 'admin');
        expect(revoked.errors).toBeUndefined();
        expect(revoked.data?.revokeRole.roles).not.toContain('admin');
        expect(errorCode(await deputy.client.request('{ admin { stats { accounts } } }'))).toBe(
          'FORBIDDEN',
        );
      });

      it('grants any well-formed role, and revoking one not granted is NOT_FOUND', async () => {
        const member = await signedIn(server, newKey());
        const granted = await grantRole(admin.client, member.accountId, 'beta-tester');
        expect(granted.data?.grantRole.roles).toEqual(['beta-tester']);
        // Granting again changes nothing.
        expect((await grantRole(admin.client, member.accountId, 'beta-tester')).errors).toBe(
          undefined,
        );
        expect(errorCode(await revokeRole(admin.client, member.accountId, 'moderator'))).toBe(
          'NOT_FOUND',
        );
        const revoked = await revokeRole(admin.client, member.accountId, 'beta-tester');
        expect(revoked.data?.revokeRole.roles).toEqual([]);
        expect(errorCode(await revokeRole(admin.client, member.accountId, 'beta-tester'))).toBe(
          'NOT_FOUND',
        );
      });

      it('refuses an administrator suspending or un-admining themself with BAD_USER_INPUT', async () => {
        expect(errorCode(await suspend(admin.client, admin.accountId, 'oops'))).toBe(
          'BAD_USER_INPUT',
        );
        expect(errorCode(await revokeRole(admin.client, admin.accountId, 'admin'))).toBe(
          'BAD_USER_INPUT',
        );
        expect(await suspensionOf(admin.client, admin.accountId)).toBeNull();
      });
    });

    describe('configured administrators (ADMIN_ADDRESSES)', () => {
      it('refuses an administrator by grant only suspending, ending the sessions of or un-admining a configured one with FORBIDDEN', async () => {
        const deputyKey = newKey();
        const deputy = await signedIn(server, deputyKey);
        expect((await grantRole(admin.client, deputy.accountId, 'admin')).errors).toBeUndefined();
        // Granted admin as well: without the rule, revoking it would succeed.
        expect((await grantRole(deputy.client, admin.accountId, 'admin')).errors).toBeUndefined();
        for (const [what, result] of [
          ['suspendAccount', await suspend(deputy.client, admin.accountId, 'coup')],
          ['endSessions', await endSessions(deputy.client, admin.accountId)],
          ['revokeRole', await revokeRole(deputy.client, admin.accountId, 'admin')],
        ] as const) {
          expect(errorCode(result), what).toBe('FORBIDDEN');
          expect(result.errors?.[0]?.message, what).toMatch(/ADMIN_ADDRESSES/);
        }
        // Nothing changed: the configured administrator is not suspended, still
        // signed in, and still holds the granted admin.
        expect(await suspensionOf(admin.client, admin.accountId)).toBeNull();
        const roles = await admin.client.request(OWN_ROLES);
        expect(roles.data?.me?.roles).toEqual(['admin']);
        const granted = await server.services.db
          .selectFrom('granted_roles')
          .select('role')
          .where('account_id', '=', admin.accountId)
          .execute();
        expect(granted).toEqual([{ role: 'admin' }]);

        // A configured administrator still acts on an administrator by grant.
        expect(errorCode(await endSessions(admin.client, deputy.accountId))).toBeUndefined();
        const deputyAgain = await signedIn(server, deputyKey);
        expect(
          errorCode(await revokeRole(admin.client, deputy.accountId, 'admin')),
        ).toBeUndefined();
        expect(errorCode(await suspend(admin.client, deputy.accountId, 'coup'))).toBeUndefined();
        expect((await me(deputyAgain.client)).data?.me).toBeNull();
        // Lifted again: the suspension suites below count suspensions.
        expect(errorCode(await unsuspend(admin.client, deputy.accountId))).toBeUndefined();
      });

      it('lets no one suspend a configured administrator, and lets another configured one end their sessions and revoke their granted admin', async () => {
        const second = await signedIn(server, secondAdminKey);
        const result = await suspend(second.client, admin.accountId, 'coup');
        expect(errorCode(result)).toBe('FORBIDDEN');
        expect(result.errors?.[0]?.message).toMatch(/operator removes/);
        expect(await suspensionOf(admin.client, admin.accountId)).toBeNull();

        await grantRole(second.client, admin.accountId, 'admin');
        const revoked = await revokeRole(second.client, admin.accountId, 'admin');
        expect(revoked.errors).toBeUndefined();
        // Revoking the grant leaves the admin ADMIN_ADDRESSES gives.
        expect(revoked.data?.revokeRole.roles).toEqual(['admin']);

        const ended = await endSessions(second.client, admin.accountId);
        expect(ended.errors).toBeUndefined();
        expect(ended.data?.endSessions).toBeGreaterThanOrEqual(1);
        expect((await me(admin.client)).data?.me).toBeNull();
        // The suites after this one go on with a new session.
        admin = await signedIn(server, adminKey);
      });
    });

    describe('malformed and unknown arguments', () => {
      it('answers BAD_USER_INPUT to malformed ids, roles, reasons, times and pages, never a 5xx', async () => {
        const target = await signedIn(server, newKey());
        const cases: [string, Promise<GraphQLResponse<unknown>>][] = [
          ['id', suspend(admin.client, "'; drop table accounts; --", 'spam')],
          ['long id', suspend(admin.client, 'a'.repeat(65), 'spam')],
          ['empty reason', suspend(admin.client, target.accountId, '   ')],
          ['long reason', suspend(admin.client, target.accountId, 'x'.repeat(501))],
          ['past until', suspend(admin.client, target.accountId, 'spam', server.clock() - 1000)],
          ['role', grantRole(admin.client, target.accountId, 'Not A Role')],
          ['long role', grantRole(admin.client, target.accountId, 'r'.repeat(33))],
          ['role dash', grantRole(admin.client, target.accountId, '-admin')],
          ['revoke role', revokeRole(admin.client, target.accountId, 'ADMIN')],
          ['grant id', grantRole(admin.client, 'not an id', 'admin')],
          ['end id', endSessions(admin.client, '../../etc')],
          ['account id', admin.client.request('{ admin { account(id: "a b") { id } } }')],
          [
            'until',
            admin.client.request(SUSPEND, { id: target.accountId, reason: 'r', until: 'soon' }),
          ],
          ['first 0', accounts(admin.client, { first: 0 })],
          ['first 101', accounts(admin.client, { first: 101 })],
          ['after', accounts(admin.client, { after: 'not-a-cursor' })],
          ['query', accounts(admin.client, { q: 'q'.repeat(201) })],
          ['days 0', admin.client.request('{ admin { stats { signInsByDay(days: 0) { day } } } }')],
          [
            'days 366',
            admin.client.request('{ admin { stats { signInsByDay(days: 366) { day } } } }'),
          ],
        ];
        for (const [label, pending] of cases) {
          const result = await pending;
          expect(errorCode(result), label).toBe('BAD_USER_INPUT');
          expect(result.status, label).toBeLessThan(500);
        }
        // A 500-character reason is the longest allowed.
        const longest = await suspend(admin.client, target.accountId, `  ${'x'.repeat(500)}  `);
        expect(longest.data?.suspendAccount.suspension?.reason).toBe('x'.repeat(500));
        expect((await unsuspend(admin.client, target.accountId)).errors).toBeUndefined();
      });

      it.each([
        'not-a-uuid',
        '00000000-0000-4000-8000-00000000000',
        '00000000-0000-4000-8000-000000000000-',
        '12345',
      ])(
        'answers BAD_USER_INPUT to the id %j, which is not a UUID, on every ID argument',
        async (bad) => {
          const user = await signedIn(server, newKey());
          const cases: [string, GraphQLResponse<unknown>, string][] = [
            [
              'admin.account',
              await admin.client.request('query($id: ID!) { admin { account(id: $id) { id } } }', {
                id: bad,
              }),
              'id is not an account id.',
            ],
            [
              'suspendAccount',
              await suspend(admin.client, bad, 'spam'),
              'id is not an account id.',
            ],
            ['unsuspendAccount', await unsuspend(admin.client, bad), 'id is not an account id.'],
            [
              'grantRole',
              await grantRole(admin.client, bad, 'admin'),
              'accountId is not an account id.',
            ],
            [
              'revokeRole',
              await revokeRole(admin.client, bad, 'admin'),
              'accountId is not an account id.',
            ],
            [
              'endSessions',
              await endSessions(admin.client, bad),
              'accountId is not an account id.',
            ],
            [
              'resendWebhook',
              await admin.client.request(
                'mutation($id: ID!) { resendWebhook(deliveryId: $id) { id } }',
                { id: bad },
              ),
              'deliveryId is not a webhook delivery id.',
            ],
            [
              'auditLog',
              await admin.client.request(
                'query($id: ID) { admin { auditLog(accountId: $id) { edges { node { id } } } } }',
                { id: bad },
              ),
              'accountId is not an account id.',
            ],
            [
              'revokeSession',
              await user.client.request('mutation($id: ID!) { revokeSession(id: $id) }', {
                id: bad,
              }),
              'id is not a session id.',
            ],
          ];
          for (const [label, result, message] of cases) {
            expect(result.errors, label).toEqual([
              expect.objectContaining({ message, extensions: { code: 'BAD_USER_INPUT' } }),
            ]);
          }
        },
      );

      it('answers NOT_FOUND for an account id that names no account', async () => {
        for (const result of [
          await suspend(admin.client, UNKNOWN_ID, 'spam'),
          await unsuspend(admin.client, UNKNOWN_ID),
          await grantRole(admin.client, UNKNOWN_ID, 'admin'),
          await revokeRole(admin.client, UNKNOWN_ID, 'admin'),
          await endSessions(admin.client, UNKNOWN_ID),
        ]) {
          expect(errorCode(result)).toBe('NOT_FOUND');
        }
        const account = await admin.client.request(ACCOUNT_ID, { id: UNKNOWN_ID });
        expect(account.errors).toBeUndefined();
        expect(account.data?.admin?.account).toBeNull();
      });
    });

    describe('accounts', () => {
      const ada = newKey();
      const bob = newKey();
      let adaId: string;
      let bobId: string;

      beforeAll(async () => {
        const signedAda = await signedIn(server, ada);
        adaId = signedAda.accountId;
        await updateProfile(signedAda.client, { displayName: 'Ada Lovelace' });
        // Created a millisecond later: newer. (The other accounts share times,
        // and the list orders them by id, which the paging below crosses.)
        server.clock.advance(1);
        bobId = (await signedIn(server, bob)).accountId;
      });

      it('finds an account by its id', async () => {
        expect(idsOf(await accounts(admin.client, { q: adaId }))).toEqual([adaId]);
      });

      it('finds an account by a whole wallet address, in any case', async () => {
        expect(idsOf(await accounts(admin.client, { q: ada.address.toLowerCase() }))).toEqual([
          adaId,
        ]);
        expect(idsOf(await accounts(admin.client, { q: ada.address }))).toEqual([adaId]);
      });

      it('finds an account by an address prefix of at least 6 hex digits, not shorter', async () => {
        const prefix = bob.address
          .slice(0, 2 + 10)
          .toUpperCase()
          .replace('0X', '0x');
        expect(idsOf(await accounts(admin.client, { q: prefix }))).toContain(bobId);
        const six = bob.address.slice(0, 8);
        expect(idsOf(await accounts(admin.client, { q: six }))).toContain(bobId);
        const five = bob.address.slice(0, 7);
        expect(idsOf(await accounts(admin.client, { q: five }))).toEqual([]);
      });

      it('finds an account by a case-insensitive part of its display name', async () => {
        expect(idsOf(await accounts(admin.client, { q: 'LOVEL' }))).toEqual([adaId]);
        expect(idsOf(await accounts(admin.client, { q: 'love_' }))).toEqual([]);
        expect(idsOf(await accounts(admin.client, { q: '%' }))).toEqual([]);
      });

      it('pages through every account, newest first, with opaque cursors', async () => {
        const all = await accounts(admin.client, { first: 100 });
        const every = idsOf(all) ?? [];
        expect(every.length).toBeGreaterThanOrEqual(4);
        expect(every).toContain(adaId);
        expect(all.data?.admin?.accounts.pageInfo.hasNextPage).toBe(false);
        const seen: string[] = [];
        let after: string | null = null;
        for (let page = 0; page < 100; page += 1) {
          const result: GraphQLResponse<AccountsPage> = await accounts(admin.client, {
            first: 3,
            after,
          });
          expect(result.errors).toBeUndefined();
          const connection = result.data?.admin?.accounts;
          seen.push(...(connection?.edges.map((edge) => edge.node.id) ?? []));
          if (!connection?.pageInfo.hasNextPage) break;
          after = connection.pageInfo.endCursor ?? null;
        }
        expect(seen).toEqual(every);
        // Bob signed in after Ada: newer, so listed first.
        expect(every.indexOf(bobId)).toBeLessThan(every.indexOf(adaId));
      });
    });

    describe('suspension', () => {
      const victimKey = newKey();
      let victim: SignedIn;
      let otherTab: SignedIn;

      beforeAll(async () => {
        victim = await signedIn(server, victimKey);
        otherTab = await signedIn(server, victimKey);
        await updateProfile(victim.client, { displayName: 'Mallory Suspect', public: true });
        await setVisibility(victim.client, victimKey.address, true);
      });

      it('ends every session: the socket gets ACCOUNT_SUSPENDED, then closes with 4403', async () => {
        expect((await publicProfile(server, victimKey.address)).data?.publicProfile).not.toBeNull();
        expect(await pageHead(server, victimKey.address)).toContain('Mallory Suspect');
        const socket = await subscribeAccountEvents(victim.client, {
          events: server.services.events,
        });
        const result = await suspend(admin.client, victim.accountId, '  spam  ');
        expect(result.errors).toBeUndefined();
        expect(result.data?.suspendAccount.suspension).toEqual({
          reason: 'spam',
          at: new Date(server.clock()).toISOString(),
          until: null,
          by: admin.accountId,
        });
        expect(await socket.closed).toBe(4403);
        expect(socket.events.map((event) => event.type)).toEqual(['ACCOUNT_SUSPENDED']);
        expect(socket.events[0]?.session.id).toBe(victim.sessionId);
        // Both sessions ended, in the database, not only on the socket.
        for (const signed of [victim, otherTab]) {
          const session = await findSessionById(server.services.db, signed.sessionId);
          expect(Number(session?.ended_at)).toBe(server.clock());
          expect((await me(signed.client)).data?.me).toBeNull();
        }
      });

      it('records the suspension in the audit log, by the administrator, in its transaction', async () => {
        const events = await server.services.db
          .selectFrom('audit_events')
          .select(['actor_id', 'account_id', 'detail'])
          .where('action', '=', 'account_suspended')
          .where('account_id', '=', victim.accountId)
          .execute();
        expect(events).toHaveLength(1);
        expect(events[0]?.actor_id).toBe(admin.accountId);
        expect(events[0]?.detail).toContain(victim.sessionId);
      });

      it('hides the public profile and the /u/<address> page head', async () => {
        const result = await publicProfile(server, victimKey.address);
        expect(result.errors).toBeUndefined();
        expect(result.data?.publicProfile).toBeNull();
        expect(await pageHead(server, victimKey.address)).toBe(INDEX_HTML);
      });

      it('refuses a sign-in with a valid signature: ACCOUNT_SUSPENDED with reason and until, no session', async () => {
        const client = new TestClient(server);
        const result = await client.signInAs(victimKey, {
          issuedAt: new Date(server.clock()).toISOString(),
        });
        expect(errorCode(result)).toBe('ACCOUNT_SUSPENDED');
        expect(result.errors?.[0]?.extensions).toMatchObject({ reason: 'spam', until: null });
        expect(client.cookie).toBeUndefined();
        const live = await server.services.db
          .selectFrom('sessions')
          .select('id')
          .where('account_id', '=', victim.accountId)
          .where('ended_at', 'is', null)
          .execute();
        expect(live).toEqual([]);
      });

      it('answers a bad signature from the suspended wallet with INVALID_SIGNATURE, saying nothing of the suspension', async () => {
        const client = new TestClient(server);
        const message = await client.prepareMessage(victimKey, {
          issuedAt: new Date(server.clock()).toISOString(),
        });
        const forged = await newKey().signMessage({ message });
        const result = await client.signIn(message, forged);
        expect(errorCode(result)).toBe('INVALID_SIGNATURE');
        expect(JSON.stringify(result.errors)).not.toContain('spam');
      });

      it('shows the suspension to administrators in lists and stats', async () => {
        const stats = await admin.client.request(SUSPENDED_COUNT);
        expect(stats.data?.admin?.stats.suspendedAccounts).toBe(1);
        const listed = await admin.client.request(LISTED_SUSPENSIONS, { q: victim.accountId });
        expect(listed.data?.admin?.accounts.edges[0]?.node.suspension).toEqual({ reason: 'spam' });
      });

      it('suspending again changes the reason and end, and keeps when it began', async () => {
        const before = await suspensionOf(admin.client, victim.accountId);
        server.clock.advance(1000);
        const until = server.clock() + 60 * 60 * 1000;
        const result = await suspend(admin.client, victim.accountId, 'still spam', until);
        expect(result.errors).toBeUndefined();
        expect(await suspensionOf(admin.client, victim.accountId)).toEqual({
          reason: 'still spam',
          at: before?.at,
          until: new Date(until).toISOString(),
          by: admin.accountId,
        });
        const client = new TestClient(server);
        const refused = await client.signInAs(victimKey, {
          issuedAt: new Date(server.clock()).toISOString(),
        });
        expect(refused.errors?.[0]?.extensions).toMatchObject({
          code: 'ACCOUNT_SUSPENDED',
          reason: 'still spam',
          until: new Date(until).toISOString(),
        });
      });

      it('lifts by itself once the clock passes until', async () => {
        const until = Date.parse((await suspensionOf(admin.client, victim.accountId))?.until ?? '');
        server.clock.set(until - 1);
        // A millisecond before `until` it still holds; at `until` it is over.
        expect(
          errorCode(
            await new TestClient(server).signInAs(victimKey, {
              issuedAt: new Date(server.clock()).toISOString(),
            }),
          ),
        ).toBe('ACCOUNT_SUSPENDED');
        server.clock.set(until);
        expect(await suspensionOf(admin.client, victim.accountId)).toBeNull();
        const back = await signedIn(server, victimKey);
        expect((await me(back.client)).data?.me?.id).toBe(victim.accountId);
        expect((await publicProfile(server, victimKey.address)).data?.publicProfile).not.toBeNull();
        victim = back;
      });

      it('is lifted by unsuspendAccount', async () => {
        expect((await suspend(admin.client, victim.accountId, 'again')).errors).toBeUndefined();
        expect(
          errorCode(
            await new TestClient(server).signInAs(victimKey, {
              issuedAt: new Date(server.clock()).toISOString(),
            }),
          ),
        ).toBe('ACCOUNT_SUSPENDED');
        const lifted = await unsuspend(admin.client, victim.accountId);
        expect(lifted.errors).toBeUndefined();
        expect(lifted.data?.unsuspendAccount.suspension).toBeNull();
        victim = await signedIn(server, victimKey);
        const own = await victim.client.request(OWN_SUSPENSION);
        expect(own.data?.me?.suspension).toBeNull();
      });

      it('refuses a link by a suspended account after the signature, and a bad signature as such', async () => {
        const linker = await signedIn(server, newKey());
        // A suspension written while a session was still in use (the race a
        // suspension's ending of sessions closes almost always).
        await server.services.db
          .insertInto('suspensions')
          .values({
            account_id: linker.accountId,
            reason: 'race',
            at: server.clock(),
            until: null,
            by: null,
          })
          .execute();
        const statement = (await linker.client.request(LINK_STATEMENT)).data?.me?.linkStatement;
        const wallet = newKey();
        const LINK =
          'mutation($m: String!, $s: String!) { linkWallet(message: $m, signature: $s) { address } }';
        const forgedMessage = await linker.client.prepareMessage(wallet, {
          ...(statement && { statement }),
          issuedAt: new Date(server.clock()).toISOString(),
        });
        const forged = await linker.client.request(LINK, {
          m: forgedMessage,
          s: await newKey().signMessage({ message: forgedMessage }),
        });
        expect(errorCode(forged)).toBe('INVALID_SIGNATURE');
        const message = await linker.client.prepareMessage(wallet, {
          ...(statement && { statement }),
          issuedAt: new Date(server.clock()).toISOString(),
        });
        const result = await linker.client.request(LINK, {
          m: message,
          s: await wallet.signMessage({ message }),
        });
        expect(errorCode(result)).toBe('ACCOUNT_SUSPENDED');
        expect(result.errors?.[0]?.extensions).toMatchObject({ reason: 'race', until: null });
        const wallets = await server.services.db
          .selectFrom('wallets')
          .select('address')
          .where('account_id', '=', linker.accountId)
          .execute();
        expect(wallets.map((w) => w.address)).not.toContain(wallet.address);
      });

      it('shows an account its own suspension, and nobody else', async () => {
        const watched = await signedIn(server, newKey());
        const stranger = await signedIn(server, newKey());
        await server.services.db
          .insertInto('suspensions')
          .values({
            account_id: watched.accountId,
            reason: 'look',
            at: server.clock(),
            until: null,
            by: null,
          })
          .execute();
        const own = await watched.client.request(OWN_SUSPENSION);
        expect(own.data?.me?.suspension).toEqual({ reason: 'look' });
        const other = await stranger.client.request(OWN_SUSPENSION);
        expect(other.data?.me?.suspension).toBeNull();
      });
    });

    describe('endSessions', () => {
      it('ends every live session of the account and answers how many; their sockets close', async () => {
        const key = newKey();
        const first = await signedIn(server, key);
        const second = await signedIn(server, key);
        const socket = await subscribeAccountEvents(first.client, {
          events: server.services.events,
        });
        const result = await endSessions(admin.client, first.accountId);
        expect(result.data?.endSessions).toBe(2);
        expect(await socket.closed).toBe(4401);
        expect(socket.events.map((event) => event.type)).toContain('SESSION_REVOKED');
        expect((await me(first.client)).data?.me).toBeNull();
        expect((await me(second.client)).data?.me).toBeNull();
        expect((await endSessions(admin.client, first.accountId)).data?.endSessions).toBe(0);
      });
    });

    describe('apps', () => {
      it('revokes the tokens an app holds when the account is suspended', async () => {
        const key = newKey();
        const owner = await signedIn(server, key);
        const browser = browserSignedInAs(server, owner.client);
        const config = await discoverAs(server, WIKI);
        const authorization = await startAuthorization(browser, config, {
          scope: 'openid offline_access',
          prompt: 'consent',
        });
        const callback = await answerInteraction(
          browser,
          interactionUid(authorization.location),
          'confirm',
        );
        const tokens = await oidcClient.authorizationCodeGrant(config, new URL(callback), {
          pkceCodeVerifier: authorization.verifier,
          expectedState: authorization.state,
        });
        expect(
          await oidcClient.fetchUserInfo(config, tokens.access_token, owner.accountId),
        ).toEqual({
          sub: owner.accountId,
        });

        expect(
          (await suspend(admin.client, owner.accountId, 'token abuse')).errors,
        ).toBeUndefined();

        await expect(
          oidcClient.fetchUserInfo(config, tokens.access_token, owner.accountId),
        ).rejects.toMatchObject({ status: 401 });
        const introspected = await oidcClient.tokenIntrospection(config, tokens.access_token);
        expect(introspected.active).toBe(false);
        await expect(
          oidcClient.refreshTokenGrant(config, tokens.refresh_token as string),
        ).rejects.toMatchObject({ error: 'invalid_grant' });
      });

      it('lets a token that escaped the revocation open nothing while the account is suspended', async () => {
        const owner = await signedIn(server, newKey());
        const browser = browserSignedInAs(server, owner.client);
        const config = await discoverAs(server, WIKI);
        const authorization = await startAuthorization(browser, config, { scope: 'openid' });
        const callback = await answerInteraction(
          browser,
          interactionUid(authorization.location),
          'confirm',
        );
        const tokens = await oidcClient.authorizationCodeGrant(config, new URL(callback), {
          pkceCodeVerifier: authorization.verifier,
          expectedState: authorization.state,
        });
        // Suspended without the revocation: a token issued in a race with it.
        await server.services.db
          .insertInto('suspensions')
          .values({
            account_id: owner.accountId,
            reason: 'race',
            at: server.clock(),
            until: null,
            by: null,
          })
          .execute();
        await expect(
          oidcClient.fetchUserInfo(config, tokens.access_token, owner.accountId),
        ).rejects.toMatchObject({ status: 401 });
      });

      it('refuses an app authorization by a suspended account with ACCOUNT_SUSPENDED', async () => {
        const owner = await signedIn(server, newKey());
        const browser = browserSignedInAs(server, owner.client);
        const config = await discoverAs(server, WIKI);
        const authorization = await startAuthorization(browser, config, { scope: 'openid' });
        // Suspended while the interaction page is open: the session is still in use.
        await server.services.db
          .insertInto('suspensions')
          .values({
            account_id: owner.accountId,
            reason: 'bots',
            at: server.clock(),
            until: null,
            by: null,
          })
          .execute();
        const response = await browser.request(
          `/oidc/interaction/${interactionUid(authorization.location)}/confirm`,
          { method: 'POST', origin: browser.server.origin, body: '{}' },
        );
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({
          error: 'access_denied',
          code: 'ACCOUNT_SUSPENDED',
          reason: 'bots',
          until: null,
        });
        const grants = await server.services.db
          .selectFrom('oidc_connections')
          .select('client_id')
          .where('account_id', '=', owner.accountId)
          .execute();
        expect(grants).toEqual([]);
      });
    });
  });
});

describe.each(databaseBackends)('administration figures on $name', ({ name, kind, available }) => {
  describe.skipIf(!available)(name, () => {
    let server: TestServer;
    const adminKey = newKey();
    /** Noon UTC of a fixed day: the days around it are known. */
    const today = Date.UTC(2031, 2, 14, 12);

    beforeAll(async () => {
      server = await startTestServer({
        database: kind,
        env: { ADMIN_ADDRESSES: adminKey.address },
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('counts accounts, live sessions, recent sign-ins and suspensions, and sign-ins per UTC day with the gaps as 0', async () => {
      // Three days ago (just after midnight), yesterday's last millisecond, and today.
      server.clock.set(Date.UTC(2031, 2, 11, 0, 0, 0, 1));
      const early = await signedIn(server, newKey());
      server.clock.set(Date.UTC(2031, 2, 13, 23, 59, 59, 999));
      const late = await signedIn(server, newKey());
      server.clock.set(today);
      const admin = await signedIn(server, adminKey);
      await signedIn(server, newKey());
      await admin.client.request('{ me { id } }');
      expect((await suspend(admin.client, early.accountId, 'spam')).errors).toBeUndefined();
      // A suspension that is over counts no more.
      await server.services.db
        .insertInto('suspensions')
        .values({
          account_id: late.accountId,
          reason: 'over',
          at: today - DAY,
          until: today - 1,
          by: null,
        })
        .execute();

      const result = await admin.client.request(STATS);
      expect(result.errors).toBeUndefined();
      const stats = result.data?.admin?.stats;
      expect(stats).toMatchObject({
        accounts: 4,
        // The early account's session ended with its suspension.
        activeSessions: 3,
        // Yesterday's last millisecond is within 24 hours of noon; three days ago is not.
        signInsLast24Hours: 3,
        suspendedAccounts: 1,
      });
      expect(stats?.signInsByDay).toEqual([
        { day: '2031-03-10', count: 0 },
        { day: '2031-03-11', count: 1 },
        { day: '2031-03-12', count: 0 },
        { day: '2031-03-13', count: 1 },
        { day: '2031-03-14', count: 2 },
      ]);
      expect(stats?.week).toHaveLength(30);
      expect(stats?.week.at(0)?.day).toBe('2031-02-13');
      expect(stats?.week.at(-1)).toEqual({ day: '2031-03-14', count: 2 });
    });
  });
});
