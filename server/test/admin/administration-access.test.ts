import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminResolvers } from '../../src/admin/admin-resolvers.js';
import type { GraphQLContext } from '../../src/graphql/context.js';
import { findSessionById } from '../../src/sessions/session-store.js';
import { databaseBackends } from '../support/each-database.js';
import { errorCode, type GraphQLResponse, TestClient } from '../support/graphql-client.js';
import { newKey } from '../support/profile-requests.js';
import { type SignedIn, signedIn } from '../support/signed-in.js';
import { subscribeAccountEvents } from '../support/subscribe-account-events.js';
import type { TestServer } from '../support/test-server.js';
import {
  ACCOUNT_COUNT,
  ACCOUNT_ID,
  ADMIN_OPERATIONS,
  accounts,
  endSessions,
  grantRole,
  me,
  OWN_ROLES,
  revokeRole,
  SUSPEND,
  startAdministrationServer,
  suspend,
  suspensionOf,
  UNKNOWN_ID,
  unsuspend,
} from './administration-fixtures.js';

/**
 * Who may use the administration API (docs/administration.md): sessions, ADMIN_ADDRESSES, and arguments malformed or unknown,
 * over HTTP and websockets as any client sees them, on SQLite and PostgreSQL.
 */

describe.each(databaseBackends)('administration access on $name', ({ name, kind, available }) => {
  describe.skipIf(!available)(name, () => {
    let server: TestServer;
    let admin: SignedIn;
    let close: (() => Promise<void>) | undefined;
    const adminKey = newKey();
    /** A second administrator by ADMIN_ADDRESSES, named by its EOA on one chain (CAIP-10). */
    const secondAdminKey = newKey();

    beforeAll(async () => {
      ({ server, admin, close } = await startAdministrationServer(kind, adminKey, secondAdminKey));
    });
    afterAll(async () => {
      await close?.();
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
  });
});
