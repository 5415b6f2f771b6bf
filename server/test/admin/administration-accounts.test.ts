import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSessionById } from '../../src/sessions/session-store.js';
import { databaseBackends } from '../support/each-database.js';
import { errorCode, type GraphQLResponse, TestClient } from '../support/graphql-client.js';
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
import type { TestServer } from '../support/test-server.js';
import {
  type AccountsPage,
  accounts,
  endSessions,
  idsOf,
  LINK_STATEMENT,
  LISTED_SUSPENSIONS,
  me,
  OWN_SUSPENSION,
  SUSPENDED_COUNT,
  startAdministrationServer,
  suspend,
  suspensionOf,
  unsuspend,
} from './administration-fixtures.js';

/**
 * The administration API on accounts (docs/administration.md): listing, suspension and ending sessions,
 * over HTTP and websockets as any client sees them, on SQLite and PostgreSQL.
 */

describe.each(databaseBackends)(
  'administration of accounts on $name',
  ({ name, kind, available }) => {
    describe.skipIf(!available)(name, () => {
      let server: TestServer;
      let admin: SignedIn;
      let close: (() => Promise<void>) | undefined;
      const adminKey = newKey();
      /** A second administrator by ADMIN_ADDRESSES, named by its EOA on one chain (CAIP-10). */
      const secondAdminKey = newKey();

      beforeAll(async () => {
        ({ server, admin, close } = await startAdministrationServer(
          kind,
          adminKey,
          secondAdminKey,
        ));
      });
      afterAll(async () => {
        await close?.();
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
          // A fourth account of this file's own (the administrator, Ada, Bob and this one), so
          // that three to a page takes two pages.
          await signedIn(server, newKey());
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
          expect(
            (await publicProfile(server, victimKey.address)).data?.publicProfile,
          ).not.toBeNull();
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
          expect(listed.data?.admin?.accounts.edges[0]?.node.suspension).toEqual({
            reason: 'spam',
          });
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
          const until = Date.parse(
            (await suspensionOf(admin.client, victim.accountId))?.until ?? '',
          );
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
          expect(
            (await publicProfile(server, victimKey.address)).data?.publicProfile,
          ).not.toBeNull();
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
    });
  },
);
