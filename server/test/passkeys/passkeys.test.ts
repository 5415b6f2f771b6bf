import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends } from '../support/each-database.js';
import { FakeAuthenticator } from '../support/fake-authenticator.js';
import { errorCode, type GraphQLResponse, TestClient } from '../support/graphql-client.js';
import { newKey } from '../support/profile-requests.js';
import { type SignedIn, signedIn } from '../support/signed-in.js';
import { subscribeAccountEvents } from '../support/subscribe-account-events.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import {
  ADD,
  addPasskey,
  BEGIN_REGISTRATION,
  BEGIN_SIGN_IN,
  type Data,
  ME,
  passkeySignIn,
  SIGN_IN,
} from './passkey-requests.js';

// Passkeys end to end over HTTP (docs/passkeys.md), with a software
// authenticator (support/fake-authenticator.ts) standing in for the browser.

describe.each(databaseBackends)('passkeys on $name', ({ name, kind, available }) => {
  describe.skipIf(!available)(name, () => {
    let server: TestServer;
    const adminKey = newKey();

    beforeAll(async () => {
      server = await startTestServer({
        database: kind,
        env: {
          MAX_PASSKEYS_PER_ACCOUNT: '3',
          RATE_LIMIT_PER_MINUTE: '100000',
          ADMIN_ADDRESSES: adminKey.address,
        },
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    const fake = (options?: ConstructorParameters<typeof FakeAuthenticator>[1]) =>
      new FakeAuthenticator(server.origin, options);

    /** What a refused attempt may leave: the rows it must not add. */
    async function counts() {
      const { db } = server.services;
      const count = async (table: 'sessions' | 'sign_ins' | 'passkeys') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const refused = await db
        .selectFrom('audit_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', 'sign_in_refused')
        .executeTakeFirstOrThrow();
      return {
        sessions: await count('sessions'),
        signIns: await count('sign_ins'),
        passkeys: await count('passkeys'),
        refused: Number(refused.n),
      };
    }

    /** `attempt` is refused with `code`; nothing is stored but (when `audited`) one sign_in_refused. */
    async function expectRefused(
      attempt: () => Promise<GraphQLResponse<Data>>,
      code: string,
      audited: boolean,
    ) {
      const before = await counts();
      const result = await attempt();
      expect(result.status).toBeLessThan(500);
      expect(errorCode(result), JSON.stringify(result.errors)).toBe(code);
      expect(await counts()).toEqual({ ...before, refused: before.refused + (audited ? 1 : 0) });
      return result;
    }

    it('adds a passkey with a wallet session, then signs in with it alone', async () => {
      const owner = await signedIn(server, newKey());
      const authenticator = fake({ aaguid: 'fbfc3007-154e-4ecc-8c0b-6e020557d7bd' });
      const begun = await owner.client.request<Data>(BEGIN_REGISTRATION);
      const options = JSON.parse(begun.data.beginPasskeyRegistration.optionsJSON);
      expect(options.rp.id).toBe(new URL(server.origin).hostname);
      expect(options.authenticatorSelection).toMatchObject({
        residentKey: 'required',
        userVerification: 'required',
      });
      expect(options.attestation).toBe('none');
      expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual([-7, -8, -257]);
      // The user handle is 32 random bytes, never the account id or an address.
      expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(32);
      expect(options.user.id).not.toContain(owner.accountId);

      const added = await owner.client.request<Data>(ADD, {
        challengeId: begun.data.beginPasskeyRegistration.id,
        responseJSON: authenticator.register(begun.data.beginPasskeyRegistration.optionsJSON),
      });
      expect(added.errors).toBeUndefined();
      // No name given: the authenticator's, known by its AAGUID.
      expect(added.data.addPasskey).toMatchObject({
        name: 'iCloud Keychain',
        authenticator: 'iCloud Keychain',
        backedUp: true,
        lastUsedAt: null,
      });

      const signIn = await passkeySignIn(server, authenticator);
      expect(signIn.result.errors).toBeUndefined();
      const answer = signIn.result.data.signInWithPasskey;
      expect(answer.account.id).toBe(owner.accountId);
      expect(answer.session).toMatchObject({
        current: true,
        method: 'PASSKEY',
        address: null,
        chain: null,
        chainId: null,
        passkey: { id: added.data.addPasskey.id, name: 'iCloud Keychain' },
      });

      const me = (await signIn.client.request<Data>(ME)).data.me;
      expect(me.id).toBe(owner.accountId);
      expect(me.passkeys[0].lastUsedAt).not.toBeNull();
      const current = me.sessions.find((s: Data) => s.current);
      expect(current).toMatchObject({ method: 'PASSKEY', address: null });
      expect(me.signIns.edges[0].node).toEqual({
        method: 'PASSKEY',
        address: null,
        chain: null,
        namespace: null,
        walletKind: null,
        passkey: { id: added.data.addPasskey.id, name: 'iCloud Keychain' },
      });
      expect(me.signIns.edges[1].node).toMatchObject({ method: 'WALLET', passkey: null });

      // The audit log: passkey_added, and the sign-in with its method.
      const audit = await server.services.db
        .selectFrom('audit_events')
        .select(['action', 'detail'])
        .where('account_id', '=', owner.accountId)
        .orderBy('id')
        .execute();
      expect(audit.map((e) => e.action)).toEqual(['sign_in', 'passkey_added', 'sign_in']);
      expect(JSON.parse(audit[0]?.detail ?? '{}').method).toBe('wallet');
      expect(JSON.parse(audit[2]?.detail ?? '{}')).toMatchObject({
        method: 'passkey',
        passkeyId: added.data.addPasskey.id,
      });
    });

    it('tells the account live: PASSKEY_ADDED, then PASSKEY_REMOVED', async () => {
      const owner = await signedIn(server, newKey());
      const socket = await subscribeAccountEvents(owner.client, { events: server.services.events });
      try {
        const passkey = await addPasskey(owner.client, fake());
        const added = await socket.received((e) => e.type === 'PASSKEY_ADDED');
        expect(added.session.id).toBe(owner.sessionId);
        await owner.client.request<Data>('mutation ($id: ID!) { removePasskey(id: $id) }', {
          id: passkey.id,
        });
        await socket.received((e) => e.type === 'PASSKEY_REMOVED');
      } finally {
        socket.dispose();
      }
    });

    it('rotates the session a browser already had, as signIn does', async () => {
      const owner = await signedIn(server, newKey());
      const authenticator = fake();
      await addPasskey(owner.client, authenticator);
      const { result } = await passkeySignIn(server, authenticator, {}, owner.client);
      expect(result.errors).toBeUndefined();
      const old = await server.services.db
        .selectFrom('sessions')
        .select(['ended_at', 'end_reason'])
        .where('id', '=', owner.sessionId)
        .executeTakeFirstOrThrow();
      expect(old.end_reason).toBe('SIGNED_OUT');
    });

    describe('a refused sign-in answers its code and keeps only its audit record', () => {
      let owner: SignedIn;
      let authenticator: FakeAuthenticator;
      beforeAll(async () => {
        owner = await signedIn(server, newKey());
        authenticator = fake({ counting: true });
        await addPasskey(owner.client, authenticator, 'Laptop');
      });

      it('from another origin', async () => {
        await expectRefused(
          async () =>
            (await passkeySignIn(server, authenticator, { origin: 'https://evil.example' })).result,
          'INVALID_PASSKEY_RESPONSE',
          true,
        );
      });

      it('for another relying party id', async () => {
        await expectRefused(
          async () => (await passkeySignIn(server, authenticator, { rpId: 'evil.example' })).result,
          'INVALID_PASSKEY_RESPONSE',
          true,
        );
      });

      it('without user verification', async () => {
        await expectRefused(
          async () => (await passkeySignIn(server, authenticator, { userVerified: false })).result,
          'INVALID_PASSKEY_RESPONSE',
          true,
        );
      });

      it('with a bad signature', async () => {
        await expectRefused(
          async () => (await passkeySignIn(server, authenticator, { badSignature: true })).result,
          'INVALID_PASSKEY_RESPONSE',
          true,
        );
      });

      it('answering another challenge than the one it names', async () => {
        const client = new TestClient(server);
        const first = (await client.request<Data>(BEGIN_SIGN_IN)).data.beginPasskeySignIn;
        const second = (await client.request<Data>(BEGIN_SIGN_IN)).data.beginPasskeySignIn;
        await expectRefused(
          () =>
            client.request<Data>(SIGN_IN, {
              challengeId: first.id,
              responseJSON: authenticator.authenticate(second.optionsJSON),
            }),
          'INVALID_PASSKEY_RESPONSE',
          true,
        );
      });

      it('with a counter that went back, audited', async () => {
        const ok = await passkeySignIn(server, authenticator, { counter: 10 });
        expect(ok.result.errors).toBeUndefined();
        const refused = await expectRefused(
          async () => (await passkeySignIn(server, authenticator, { counter: 10 })).result,
          'INVALID_PASSKEY_RESPONSE',
          true,
        );
        expect(refused.errors?.[0]?.message).toMatch(/counter/);
        const last = await server.services.db
          .selectFrom('audit_events')
          .select(['account_id', 'detail'])
          .where('action', '=', 'sign_in_refused')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(last.account_id).toBe(owner.accountId);
        expect(JSON.parse(last.detail ?? '{}')).toMatchObject({
          method: 'passkey',
          code: 'INVALID_PASSKEY_RESPONSE',
        });
        // Going on from the stored counter works.
        expect(
          (await passkeySignIn(server, authenticator, { counter: 11 })).result.errors,
        ).toBeUndefined();
      });

      it('with a challenge used once already (a replay)', async () => {
        const client = new TestClient(server);
        const begun = (await client.request<Data>(BEGIN_SIGN_IN)).data.beginPasskeySignIn;
        const responseJSON = authenticator.authenticate(begun.optionsJSON);
        const first = await client.request<Data>(SIGN_IN, { challengeId: begun.id, responseJSON });
        expect(first.errors).toBeUndefined();
        await expectRefused(
          () =>
            new TestClient(server).request<Data>(SIGN_IN, { challengeId: begun.id, responseJSON }),
          'INVALID_NONCE',
          false,
        );
      });

      it('with an unknown or expired challenge', async () => {
        const client = new TestClient(server);
        const begun = (await client.request<Data>(BEGIN_SIGN_IN)).data.beginPasskeySignIn;
        const responseJSON = authenticator.authenticate(begun.optionsJSON);
        await expectRefused(
          () => client.request<Data>(SIGN_IN, { challengeId: randomUUID(), responseJSON }),
          'INVALID_NONCE',
          false,
        );
        server.clock.advance(5 * 60 * 1000 + 1);
        await expectRefused(
          () => client.request<Data>(SIGN_IN, { challengeId: begun.id, responseJSON }),
          'INVALID_NONCE',
          false,
        );
      });

      it('with malformed responseJSON: a client error, never a 5xx', async () => {
        const client = new TestClient(server);
        for (const [responseJSON, code] of [
          ['not json', 'BAD_USER_INPUT'],
          ['{}', 'INVALID_PASSKEY_RESPONSE'],
          ['[1,2]', 'INVALID_PASSKEY_RESPONSE'],
          ['null', 'INVALID_PASSKEY_RESPONSE'],
          [
            JSON.stringify({
              id: 'AA',
              rawId: 'AA',
              type: 'public-key',
              response: { clientDataJSON: 'AA', authenticatorData: 'AA', signature: 'AA' },
            }),
            'PASSKEY_NOT_RECOGNIZED',
          ],
        ] as const) {
          const begun = (await client.request<Data>(BEGIN_SIGN_IN)).data.beginPasskeySignIn;
          await expectRefused(
            () => client.request<Data>(SIGN_IN, { challengeId: begun.id, responseJSON }),
            code,
            code === 'PASSKEY_NOT_RECOGNIZED',
          );
        }
        const owner2 = await signedIn(server, newKey());
        const begun = (await owner2.client.request<Data>(BEGIN_REGISTRATION)).data
          .beginPasskeyRegistration;
        for (const responseJSON of [
          '{"id":',
          '{"id":"x","rawId":"x","type":"public-key","response":{}}',
        ]) {
          const result = await owner2.client.request<Data>(ADD, {
            challengeId: begun.id,
            responseJSON,
          });
          expect(result.status).toBeLessThan(500);
          expect(['BAD_USER_INPUT', 'INVALID_PASSKEY_RESPONSE']).toContain(errorCode(result));
        }
      });
    });

    describe('adding', () => {
      it('refuses a response from another origin, or without user verification', async () => {
        const owner = await signedIn(server, newKey());
        for (const bend of [
          { origin: 'https://evil.example' },
          { userVerified: false },
          { rpId: 'evil.example' },
        ]) {
          const begun = (await owner.client.request<Data>(BEGIN_REGISTRATION)).data
            .beginPasskeyRegistration;
          const before = await counts();
          const result = await owner.client.request<Data>(ADD, {
            challengeId: begun.id,
            responseJSON: fake().register(begun.optionsJSON, bend),
          });
          expect(errorCode(result)).toBe('INVALID_PASSKEY_RESPONSE');
          expect(await counts()).toEqual(before);
        }
      });

      it("refuses another account's credential (PASSKEY_NOT_RECOGNIZED), never merging", async () => {
        const first = await signedIn(server, newKey());
        const second = await signedIn(server, newKey());
        const authenticator = fake();
        await addPasskey(first.client, authenticator);
        const begun = (await second.client.request<Data>(BEGIN_REGISTRATION)).data
          .beginPasskeyRegistration;
        const result = await second.client.request<Data>(ADD, {
          challengeId: begun.id,
          responseJSON: authenticator.register(begun.optionsJSON, {}, authenticator.credentials[0]),
        });
        expect(errorCode(result)).toBe('PASSKEY_NOT_RECOGNIZED');
        const me = (await second.client.request<Data>(ME)).data.me;
        expect(me.passkeys).toEqual([]);
      });

      it('stops at MAX_PASSKEYS_PER_ACCOUNT with PASSKEY_LIMIT_REACHED and extensions.limit', async () => {
        const owner = await signedIn(server, newKey());
        for (let i = 0; i < 3; i++) {
          // One millisecond apart: the list is newest first.
          server.clock.advance(1);
          await addPasskey(owner.client, fake(), `Key ${i}`);
        }
        const result = await owner.client.request<Data>(BEGIN_REGISTRATION);
        expect(errorCode(result)).toBe('PASSKEY_LIMIT_REACHED');
        expect(result.errors?.[0]?.extensions?.limit).toBe(3);
        const me = (await owner.client.request<Data>(ME)).data.me;
        // Newest first.
        expect(me.passkeys.map((p: Data) => p.name)).toEqual(['Key 2', 'Key 1', 'Key 0']);
      });

      it('checks the name by the profile text rules, at most 64 characters', async () => {
        const owner = await signedIn(server, newKey());
        for (const bad of ['x'.repeat(65), '   ', 'evil\u202Ename']) {
          const begun = (await owner.client.request<Data>(BEGIN_REGISTRATION)).data
            .beginPasskeyRegistration;
          const result = await owner.client.request<Data>(ADD, {
            challengeId: begun.id,
            responseJSON: fake().register(begun.optionsJSON),
            name: bad,
          });
          expect(errorCode(result)).toBe('BAD_USER_INPUT');
        }
        const added = await addPasskey(owner.client, fake(), '  Phone  ');
        expect(added.name).toBe('Phone');
        const renamed = await owner.client.request<Data>(
          'mutation ($id: ID!) { renamePasskey(id: $id, name: "Work phone") { id name } }',
          { id: added.id },
        );
        expect(renamed.data.renamePasskey.name).toBe('Work phone');
      });

      it('needs a wallet sign-in within 10 minutes (WALLET_SIGN_IN_REQUIRED on the test clock)', async () => {
        const owner = await signedIn(server, newKey());
        const begun = (await owner.client.request<Data>(BEGIN_REGISTRATION)).data
          .beginPasskeyRegistration;
        server.clock.advance(10 * 60 * 1000 + 1);
        expect(errorCode(await owner.client.request<Data>(BEGIN_REGISTRATION))).toBe(
          'WALLET_SIGN_IN_REQUIRED',
        );
        const late = await owner.client.request<Data>(ADD, {
          challengeId: begun.id,
          responseJSON: fake().register(begun.optionsJSON),
        });
        expect(errorCode(late)).toBe('WALLET_SIGN_IN_REQUIRED');
      });
    });

    describe('a passkey session', () => {
      let owner: SignedIn;
      let authenticator: FakeAuthenticator;
      let passkeyClient: TestClient;
      let passkeyId: string;
      beforeAll(async () => {
        owner = await signedIn(server, newKey());
        authenticator = fake();
        passkeyId = (await addPasskey(owner.client, authenticator)).id;
        const signIn = await passkeySignIn(server, authenticator);
        expect(signIn.result.errors).toBeUndefined();
        passkeyClient = signIn.client;
      });

      it('gets WALLET_SIGN_IN_REQUIRED for what only a wallet may do', async () => {
        const key = newKey();
        const address = key.address;
        const operations: [string, Record<string, unknown>?][] = [
          ['mutation { linkWallet(message: "m", signature: "0x00") { address } }'],
          [`mutation { unlinkWallet(address: "${address}") }`],
          [`mutation { setPrimaryWallet(address: "${address}") { address } }`],
          [BEGIN_REGISTRATION],
          [ADD, { challengeId: randomUUID(), responseJSON: '{}' }],
          [`mutation { removePasskey(id: "${passkeyId}") }`],
        ];
        for (const [operation, variables] of operations) {
          const result = await passkeyClient.request<Data>(operation, variables);
          expect(errorCode(result), operation).toBe('WALLET_SIGN_IN_REQUIRED');
        }
        // What an account may do otherwise, it may: its profile, say.
        const profile = await passkeyClient.request<Data>(
          'mutation { updateProfile(input: { displayName: "Ada" }) { displayName } }',
        );
        expect(profile.errors).toBeUndefined();
      });

      it('ends when its passkey is removed: its live socket closes, and the passkey no longer signs in', async () => {
        const socket = await subscribeAccountEvents(passkeyClient, {
          events: server.services.events,
        });
        const removed = await owner.client.request<Data>(
          'mutation ($id: ID!) { removePasskey(id: $id) }',
          { id: passkeyId },
        );
        expect(removed.data?.removePasskey).toBe(true);
        expect(await socket.closed).toBe(4401);
        expect((await passkeyClient.request<Data>('query { me { id } }')).data.me).toBeNull();
        await expectRefused(
          async () => (await passkeySignIn(server, authenticator)).result,
          'PASSKEY_NOT_RECOGNIZED',
          true,
        );
        const audit = await server.services.db
          .selectFrom('audit_events')
          .select(['action', 'detail'])
          .where('account_id', '=', owner.accountId)
          .where('action', '=', 'passkey_removed')
          .executeTakeFirstOrThrow();
        expect(JSON.parse(audit.detail ?? '{}').endedSessionIds).toHaveLength(1);
      });
    });

    it('refuses a suspended account only after the passkey is verified', async () => {
      const owner = await signedIn(server, newKey());
      const authenticator = fake();
      await addPasskey(owner.client, authenticator);
      await server.services.db
        .insertInto('suspensions')
        .values({
          account_id: owner.accountId,
          reason: 'spam',
          at: server.clock(),
          until: null,
          by: null,
        })
        .execute();
      await expectRefused(
        async () => (await passkeySignIn(server, authenticator)).result,
        'ACCOUNT_SUSPENDED',
        true,
      );
      // A bad signature on a suspended account says nothing of the suspension.
      await expectRefused(
        async () => (await passkeySignIn(server, authenticator, { badSignature: true })).result,
        'INVALID_PASSKEY_RESPONSE',
        true,
      );
    });

    it("lets an administrator see an account's passkeys and remove one, ending its sessions, audited", async () => {
      const admin = await signedIn(server, adminKey);
      const owner = await signedIn(server, newKey());
      const authenticator = fake();
      const passkey = await addPasskey(owner.client, authenticator, 'Tablet');
      server.clock.advance(1);
      const signIn = await passkeySignIn(server, authenticator);
      expect(signIn.result.errors).toBeUndefined();
      const listed = await admin.client.request<Data>(
        'query ($id: ID!) { admin { account(id: $id) { passkeys { id name } sessions { method passkey { id } } } } }',
        { id: owner.accountId },
      );
      expect(listed.data.admin.account.passkeys).toEqual([{ id: passkey.id, name: 'Tablet' }]);
      expect(listed.data.admin.account.sessions[0]).toEqual({
        method: 'PASSKEY',
        passkey: { id: passkey.id },
      });
      // Not an administrator: FORBIDDEN.
      const refused = await owner.client.request<Data>(
        'mutation ($a: ID!, $id: ID!) { removeAccountPasskey(accountId: $a, id: $id) }',
        { a: owner.accountId, id: passkey.id },
      );
      expect(errorCode(refused)).toBe('FORBIDDEN');
      const removed = await admin.client.request<Data>(
        'mutation ($a: ID!, $id: ID!) { removeAccountPasskey(accountId: $a, id: $id) }',
        { a: owner.accountId, id: passkey.id },
      );
      expect(removed.data.removeAccountPasskey).toBe(true);
      expect((await signIn.client.request<Data>('query { me { id } }')).data.me).toBeNull();
      const audit = await server.services.db
        .selectFrom('audit_events')
        .select(['actor_id'])
        .where('account_id', '=', owner.accountId)
        .where('action', '=', 'passkey_removed')
        .executeTakeFirstOrThrow();
      expect(audit.actor_id).toBe(admin.accountId);
    });
  });
});
