import * as oidcClient from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends } from '../support/each-database.js';
import {
  answerInteraction,
  browserSignedInAs,
  discoverAs,
  interactionUid,
  startAuthorization,
  WIKI,
} from '../support/oidc-relying-party.js';
import { newKey } from '../support/profile-requests.js';
import { type SignedIn, signedIn } from '../support/signed-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { DAY, STATS, startAdministrationServer, suspend } from './administration-fixtures.js';

/**
 * The administration API on the apps an account signed in to, and its figures (docs/administration.md),
 * over HTTP and websockets as any client sees them, on SQLite and PostgreSQL.
 */

describe.each(databaseBackends)('administration of apps on $name', ({ name, kind, available }) => {
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
