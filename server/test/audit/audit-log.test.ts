import { sql } from 'kysely';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogPageQuery, AuditLogPageQueryVariables } from '../generated/graphql.js';
import { graphql } from '../generated/index.js';
import { databaseBackends } from '../support/each-database.js';
import { errorCode, TestClient } from '../support/graphql-client.js';
import {
  answerInteraction,
  browserSignedInAs,
  discoverAs,
  interactionUid,
  OIDC_CLIENTS,
  startAuthorization,
  WIKI,
} from '../support/oidc-relying-party.js';
import { type SignedIn, signedIn } from '../support/signed-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The audit log (docs/administration.md, "Audit log") through the API as a
 * client uses it: each action a person takes is recorded with who acted and
 * from where, in the transaction of the change, and read back by an
 * administrator through Admin.auditLog.
 */
const AUDIT_LOG = graphql(`
  query AuditLogPage($first: Int, $after: String, $accountId: ID, $action: String) {
    admin {
      auditLog(first: $first, after: $after, accountId: $accountId, action: $action) {
        edges { cursor node { id at action actorId accountId address ip userAgent detail } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
`);

type AuditPage = NonNullable<AuditLogPageQuery['admin']>['auditLog'];
type AuditEvent = AuditPage['edges'][number]['node'];

const REVOKE_SESSION = graphql(`
  mutation AuditLogRevokeSession($id: ID!) {
    revokeSession(id: $id)
  }
`);

const LINK_STATEMENT = graphql(`
  query AuditLogLinkStatement {
    me { linkStatement }
  }
`);

const REVOKE_WIKI = graphql(`
  mutation AuditLogRevokeWiki {
    revokeApp(clientId: "wiki")
  }
`);

const USER_AGENT = 'AuditTest/1.0 (a browser)';
/** Every sign-in of this suite comes from one browser, whose user agent the log records. */
const asBrowser = { headers: { 'user-agent': USER_AGENT } };
const newKey = () => privateKeyToAccount(generatePrivateKey());
const detailOf = (event: AuditEvent | undefined) =>
  JSON.parse(event?.detail ?? 'null') as Record<string, unknown> | null;

async function auditLog(admin: TestClient, variables: AuditLogPageQueryVariables) {
  return admin.request(AUDIT_LOG, variables);
}

/** The account's events, newest first. */
async function eventsOf(admin: TestClient, accountId: string, action?: string) {
  const result = await auditLog(admin, { first: 100, accountId, ...(action && { action }) });
  if (!result.data?.admin) throw new Error(`auditLog failed: ${JSON.stringify(result.errors)}`);
  return result.data.admin.auditLog.edges.map((edge) => edge.node);
}

describe.each(databaseBackends)('audit log on $name', ({ name, kind, available }) => {
  describe.skipIf(!available)(name, () => {
    let server: TestServer;
    const adminKey = newKey();
    const friendKey = newKey();
    let admin: SignedIn;

    beforeAll(async () => {
      server = await startTestServer({
        database: kind,
        env: {
          ADMIN_ADDRESSES: adminKey.address,
          OIDC_CLIENTS,
          // An allowlist needs no chain: a sign-in of this key changes its roles.
          ACCESS_RULES: JSON.stringify([
            { role: 'friend', any: [{ type: 'allowlist', addresses: [friendKey.address] }] },
          ]),
        },
      });
      admin = await signedIn(server, adminKey, asBrowser);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('records a first sign-in with the client address and user agent, no actor, and the account created', async () => {
      const key = newKey();
      const user = await signedIn(server, key, asBrowser);
      const [event, ...others] = await eventsOf(admin.client, user.accountId);
      expect(others).toEqual([]);
      expect(event).toMatchObject({
        action: 'sign_in',
        actorId: null,
        accountId: user.accountId,
        address: key.address,
        ip: '127.0.0.1',
        userAgent: USER_AGENT,
      });
      expect(detailOf(event)).toEqual({
        sessionId: user.sessionId,
        method: 'wallet',
        namespace: 'eip155',
        chainId: 31337,
        chain: 'eip155:31337',
        walletKind: 'EOA',
        accountCreated: true,
      });
      // The detail is small: never the signed message or its signature.
      expect(event?.detail).not.toMatch(/0x[0-9a-f]{130}|Sign in to Sigil/);
    });

    it('records the session a new sign-in rotates away as a sign_out, beside the sign_in', async () => {
      const key = newKey();
      const first = await signedIn(server, key, asBrowser);
      const second = await signedIn(server, key, { ...asBrowser, client: first.client });
      const [signInEvent, signedOut] = await eventsOf(admin.client, first.accountId);
      expect(signInEvent?.action).toBe('sign_in');
      expect(detailOf(signInEvent)).toMatchObject({
        sessionId: second.sessionId,
        accountCreated: false,
      });
      expect(signedOut).toMatchObject({ action: 'sign_out', at: signInEvent?.at });
      expect(detailOf(signedOut)).toEqual({ sessionId: first.sessionId });
    });

    it('records sign-out and revocation with the acting account', async () => {
      const key = newKey();
      const phone = await signedIn(server, key, asBrowser);
      const laptop = await signedIn(server, key, asBrowser);
      const revoked = await laptop.client.request(REVOKE_SESSION, { id: phone.sessionId });
      expect(revoked.data?.revokeSession).toBe(true);
      await laptop.client.request('mutation { signOut }');

      const [signOut, revocation] = await eventsOf(admin.client, laptop.accountId);
      expect(signOut).toMatchObject({ action: 'sign_out', actorId: laptop.accountId });
      expect(detailOf(signOut)).toEqual({ sessionId: laptop.sessionId });
      expect(revocation).toMatchObject({ action: 'session_revoked', actorId: laptop.accountId });
      expect(detailOf(revocation)).toEqual({ sessionId: phone.sessionId });
    });

    it('records a wallet linked, made primary and unlinked, with the sessions the unlink ended', async () => {
      const owner = await signedIn(server, newKey(), asBrowser);
      const second = newKey();
      const { data } = await owner.client.request(LINK_STATEMENT);
      const message = await owner.client.prepareMessage(second, {
        statement: data?.me?.linkStatement as string,
        issuedAt: new Date(server.clock()).toISOString(),
      });
      const linked = await owner.client.request(
        'mutation($m: String!, $s: String!) { linkWallet(message: $m, signature: $s) { address } }',
        { m: message, s: await second.signMessage({ message }) },
      );
      expect(linked.errors).toBeUndefined();
      const secondSession = await signedIn(server, second, asBrowser);
      const primary = await owner.client.request(
        'mutation($a: Address!) { setPrimaryWallet(address: $a) { primary } }',
        { a: second.address },
      );
      expect(primary.errors).toBeUndefined();
      // Choosing the wallet that already is primary changes nothing: no event.
      await owner.client.request(
        'mutation($a: Address!) { setPrimaryWallet(address: $a) { primary } }',
        { a: second.address },
      );
      const unlinked = await owner.client.request(
        'mutation($a: Address!) { unlinkWallet(address: $a) }',
        { a: second.address },
      );
      expect(unlinked.errors).toBeUndefined();

      const events = await eventsOf(admin.client, owner.accountId);
      expect(events.map((e) => e.action)).toEqual([
        'wallet_unlinked',
        'primary_wallet_changed',
        'sign_in',
        'wallet_linked',
        'sign_in',
      ]);
      const [unlink, makePrimary, , link] = events;
      for (const event of [unlink, makePrimary, link]) {
        expect(event).toMatchObject({ actorId: owner.accountId, address: second.address });
      }
      const caip10 = `eip155:1:${second.address}`;
      expect(detailOf(link)).toEqual({ namespace: 'eip155', kind: 'EOA', chainId: null, caip10 });
      expect(detailOf(makePrimary)).toEqual({ namespace: 'eip155', chainId: null, caip10 });
      expect(detailOf(unlink)).toEqual({
        namespace: 'eip155',
        kind: 'EOA',
        chainId: null,
        caip10,
        endedSessionIds: [secondSession.sessionId],
      });
    });

    it('records which profile fields changed, never their values', async () => {
      const user = await signedIn(server, newKey(), asBrowser);
      const result = await user.client.request(
        'mutation($input: ProfileInput!) { updateProfile(input: $input) { displayName } }',
        { input: { displayName: 'Secret Name', bio: null } },
      );
      expect(result.errors).toBeUndefined();
      const [event] = await eventsOf(admin.client, user.accountId, 'profile_updated');
      expect(event?.actorId).toBe(user.accountId);
      expect(detailOf(event)).toEqual({ fields: ['bio', 'displayName'] });
      expect(event?.detail).not.toContain('Secret');
    });

    it('records a refused sign-in after the nonce was used, with its code and the account the wallet opens', async () => {
      const key = newKey();
      const user = await signedIn(server, key, asBrowser);
      const message = await user.client.prepareMessage(key, {
        issuedAt: new Date(server.clock()).toISOString(),
      });
      // SignedIn by another key: the signature does not prove the address.
      const refused = await new TestClient(server).signIn(
        message,
        await newKey().signMessage({ message }),
      );
      expect(errorCode(refused)).toBe('INVALID_SIGNATURE');

      const [event] = await eventsOf(admin.client, user.accountId, 'sign_in_refused');
      expect(event).toMatchObject({
        actorId: null,
        accountId: user.accountId,
        address: key.address,
        ip: '127.0.0.1',
      });
      expect(detailOf(event)).toEqual({
        namespace: 'eip155',
        chainId: 31337,
        chain: 'eip155:31337',
        code: 'INVALID_SIGNATURE',
      });
    });

    it('keeps a refused sign-in to a bounded record, whatever the size of its message and user agent', async () => {
      const key = newKey();
      const client = new TestClient(server);
      // A message near the 16 KiB a sign-in accepts (packages/siwe), and a long user agent.
      const resources = Array.from(
        { length: 130 },
        (_, i) => `https://resources.example/${String(i).padStart(90, 'r')}`,
      );
      const message = await client.prepareMessage(key, {
        issuedAt: new Date(server.clock()).toISOString(),
        resources,
      });
      expect(message.length).toBeGreaterThan(14 * 1024);
      const refused = await client.request(
        'mutation($m: String!, $s: String!) { signIn(message: $m, signature: $s) { session { id } } }',
        { m: message, s: await newKey().signMessage({ message }) },
        { headers: { 'user-agent': 'U'.repeat(6000) } },
      );
      expect(errorCode(refused)).toBe('INVALID_SIGNATURE');
      const rows = await server.services.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'sign_in_refused')
        .where('address', '=', key.address)
        .execute();
      expect(rows).toHaveLength(1);
      // The parsed fields and the code, never the message; the user agent cut to 512 characters.
      const stored = Object.values(rows[0] as object).reduce<number>(
        (sum, value) => sum + String(value ?? '').length,
        0,
      );
      expect(stored).toBeLessThan(1024);
      expect(JSON.stringify(rows[0])).not.toContain('resources.example');
    });

    it('records a sign-in refused because the account is suspended, after its signature', async () => {
      const key = newKey();
      const user = await signedIn(server, key, asBrowser);
      const suspended = await admin.client.request(
        'mutation($id: ID!) { suspendAccount(id: $id, reason: "spam") { id } }',
        { id: user.accountId },
      );
      expect(suspended.errors).toBeUndefined();
      const refused = await new TestClient(server).signInAs(key, {
        issuedAt: new Date(server.clock()).toISOString(),
      });
      expect(errorCode(refused)).toBe('ACCOUNT_SUSPENDED');
      const [event] = await eventsOf(admin.client, user.accountId, 'sign_in_refused');
      expect(event).toMatchObject({ accountId: user.accountId, address: key.address });
      expect(detailOf(event)).toEqual({
        namespace: 'eip155',
        chainId: 31337,
        chain: 'eip155:31337',
        code: 'ACCOUNT_SUSPENDED',
      });
      // Nothing of the refused sign-in was kept: no sign_in after the suspension.
      const actions = (await eventsOf(admin.client, user.accountId)).map((e) => e.action);
      expect(actions.slice(0, 2)).toEqual(['sign_in_refused', 'account_suspended']);
    });

    it('does not record an attempt whose nonce this server never issued', async () => {
      const key = newKey();
      const user = await signedIn(server, key, asBrowser);
      const client = new TestClient(server);
      const message = await client.prepareMessage(key, { nonce: 'unknownnonce12345' });
      const refused = await client.signIn(message, await key.signMessage({ message }));
      expect(errorCode(refused)).toBe('INVALID_NONCE');
      // The refusal is answered after its event would have been written.
      expect(await eventsOf(admin.client, user.accountId, 'sign_in_refused')).toEqual([]);
      expect((await eventsOf(admin.client, user.accountId)).map((e) => e.action)).toEqual([
        'sign_in',
      ]);
    });

    it('records an app authorized through the consent page and revoked from the account page', async () => {
      const user = await signedIn(server, newKey(), asBrowser);
      const browser = browserSignedInAs(server, user.client);
      const config = await discoverAs(server, WIKI);
      const authorization = await startAuthorization(browser, config, {
        scope: 'openid profile',
      });
      await answerInteraction(browser, interactionUid(authorization.location), 'confirm');
      const revoked = await user.client.request(REVOKE_WIKI);
      expect(revoked.data?.revokeApp).toBe(true);

      const [revocation, authorized] = await eventsOf(admin.client, user.accountId);
      expect(authorized).toMatchObject({
        action: 'app_authorized',
        actorId: user.accountId,
        ip: '127.0.0.1',
      });
      expect(detailOf(authorized)).toEqual({ clientId: 'wiki', scopes: ['openid', 'profile'] });
      expect(revocation).toMatchObject({ action: 'app_revoked', actorId: user.accountId });
      expect(detailOf(revocation)).toEqual({ clientId: 'wiki' });
    });

    it('records a change of the roles the rules grant, with no actor', async () => {
      const friend = await signedIn(server, friendKey, asBrowser);
      const result = await friend.client.request('mutation { refreshAccess { checkedAt } }');
      expect(result.errors).toBeUndefined();
      const [event, ...others] = await eventsOf(admin.client, friend.accountId, 'roles_changed');
      // The check after the sign-in and the refresh found the same roles: one change.
      expect(others).toEqual([]);
      expect(event).toMatchObject({ actorId: null, ip: null, accountId: friend.accountId });
      expect(detailOf(event)).toEqual({ roles: ['friend'], granted: ['friend'], revoked: [] });
    });

    it('writes the event in the transaction of the change: no event, no change', async () => {
      const user = await signedIn(server, newKey(), asBrowser);
      const { db } = server.services;
      await sql`alter table audit_events rename to audit_events_away`.execute(db);
      let signedOut: Awaited<ReturnType<TestClient['request']>>;
      try {
        signedOut = await user.client.request('mutation { signOut }');
      } finally {
        await sql`alter table audit_events_away rename to audit_events`.execute(db);
      }
      expect(errorCode(signedOut)).toBe('INTERNAL_SERVER_ERROR');
      const session = await db
        .selectFrom('sessions')
        .select('ended_at')
        .where('id', '=', user.sessionId)
        .executeTakeFirstOrThrow();
      expect(session.ended_at).toBeNull();
      expect((await eventsOf(admin.client, user.accountId)).map((e) => e.action)).toEqual([
        'sign_in',
      ]);
    });

    describe('Admin.auditLog', () => {
      it('pages newest first with opaque cursors, every event once', async () => {
        const user = await signedIn(server, newKey(), asBrowser);
        for (const displayName of ['a', 'b', 'c', 'd']) {
          await user.client.request(
            'mutation($input: ProfileInput!) { updateProfile(input: $input) { displayName } }',
            { input: { displayName } },
          );
        }
        const all = await eventsOf(admin.client, user.accountId);
        expect(all).toHaveLength(5);
        const times = all.map((e) => Date.parse(e.at));
        expect(times).toEqual([...times].sort((a, b) => b - a));

        const paged: AuditEvent[] = [];
        let after: string | undefined;
        for (;;) {
          const result = await auditLog(admin.client, {
            first: 2,
            accountId: user.accountId,
            ...(after && { after }),
          });
          const page = result.data?.admin?.auditLog as AuditPage;
          paged.push(...page.edges.map((edge) => edge.node));
          expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)?.cursor ?? null);
          if (!page.pageInfo.hasNextPage) break;
          after = page.pageInfo.endCursor as string;
        }
        expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));
      });

      it('filters by account and by action', async () => {
        const user = await signedIn(server, newKey(), asBrowser);
        await user.client.request('mutation { signOut }');
        const signOuts = await eventsOf(admin.client, user.accountId, 'sign_out');
        expect(signOuts.map((e) => [e.action, e.accountId])).toEqual([
          ['sign_out', user.accountId],
        ]);
        const result = await auditLog(admin.client, { first: 100, action: 'sign_in' });
        const nodes = result.data?.admin?.auditLog.edges.map((edge) => edge.node) ?? [];
        expect(nodes.length).toBeGreaterThan(1);
        expect(new Set(nodes.map((e) => e.action))).toEqual(new Set(['sign_in']));
      });

      it('answers BAD_USER_INPUT for an unknown action (naming the valid ones), a bad page size or cursor', async () => {
        const unknown = await auditLog(admin.client, { action: 'sign_in_maybe' });
        expect(errorCode(unknown)).toBe('BAD_USER_INPUT');
        expect(unknown.errors?.[0]?.message).toContain('sign_in_refused');
        for (const first of [0, 101]) {
          expect(errorCode(await auditLog(admin.client, { first }))).toBe('BAD_USER_INPUT');
        }
        for (const after of ['nonsense', Buffer.from('signin:12').toString('base64url')]) {
          expect(errorCode(await auditLog(admin.client, { after }))).toBe('BAD_USER_INPUT');
        }
      });

      it('is FORBIDDEN to an account without admin and UNAUTHENTICATED without a session', async () => {
        const someone = await signedIn(server, newKey(), asBrowser);
        const forbidden = await auditLog(someone.client, {});
        expect(errorCode(forbidden)).toBe('FORBIDDEN');
        expect(forbidden.data?.admin ?? null).toBeNull();
        expect(errorCode(await auditLog(new TestClient(server), {}))).toBe('UNAUTHENTICATED');
      });
    });
  });
});
