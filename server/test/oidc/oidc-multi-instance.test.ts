import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAvailable } from '../../../testing/services.js';
import { rotateSigningKey } from '../../src/oidc/oidc-keys.js';
import { graphql } from '../generated/index.js';
import { TestClient, testAccount } from '../support/graphql-client.js';
import { OidcBrowser } from '../support/oidc-browser.js';
import {
  answerInteraction,
  discoverAs,
  followToClient,
  interactionUid,
  OIDC_CLIENTS,
  startAuthorization,
  WIKI,
} from '../support/oidc-relying-party.js';
import { createPostgresSchema, startTestServer, type TestServer } from '../support/test-server.js';

const REVOKE_WIKI = graphql(`
  mutation OidcMultiInstanceRevokeWiki {
    revokeApp(clientId: "wiki")
  }
`);

/**
 * Instances behind one public URL on one PostgreSQL database share the
 * provider's keys, sessions, codes, grants and tokens: a code issued by one is
 * redeemed at the other, a revocation on one holds on the other, and a
 * rotated key keeps the tokens it signed verifiable.
 */
const ready = await serviceAvailable('PostgreSQL');
const origin = 'http://sigil.test';

describe.runIf(ready)('OpenID Connect on several instances (PostgreSQL)', () => {
  let a: TestServer;
  let b: TestServer;
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
  const env = { PUBLIC_URL: origin, OIDC_CLIENTS };
  const at = (server: TestServer) => ({ url: server.url, origin });

  beforeAll(async () => {
    schema = await createPostgresSchema();
    // Started together: both try to create the first signing key at once.
    [a, b] = await Promise.all([
      startTestServer({ databaseUrl: schema.url, env }),
      startTestServer({ databaseUrl: schema.url, env }),
    ]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await schema?.drop();
  });

  const jwksOf = async (server: TestServer) =>
    (await (await fetch(`${server.url}/oidc/jwks`)).json()) as { keys: { kid: string }[] };

  async function signedInBrowser(server: TestServer) {
    const sigil = new TestClient(at(server), { origin });
    const result = await sigil.signInAs(testAccount(0));
    if (!result.data) throw new Error(`sign-in failed: ${JSON.stringify(result.errors)}`);
    const browser = new OidcBrowser(at(server));
    browser.setCookie(sigil.cookie as string);
    return { sigil, browser, accountId: result.data.signIn.account.id };
  }

  it('generates one signing key between two instances starting together, and both publish it', async () => {
    const rows = await a.services.db.selectFrom('oidc_keys').selectAll().execute();
    expect(rows.filter((r) => r.kind === 'signing')).toHaveLength(1);
    expect(rows.filter((r) => r.kind === 'cookie')).toHaveLength(1);
    const [onA, onB] = [await jwksOf(a), await jwksOf(b)];
    expect(onA.keys).toHaveLength(1);
    expect(onB).toEqual(onA);
  });

  it('redeems at one instance a code issued by the other, and revocation on one holds on both', async () => {
    const { sigil, browser, accountId } = await signedInBrowser(a);
    const browserOnB = new OidcBrowser(at(b), browser.cookies);
    const rpAtA = await discoverAs(at(a), WIKI);
    const rpAtB = await discoverAs(at(b), WIKI);

    // Authorization at A, Allow at B, the code issued at A's resume endpoint.
    const authorization = await startAuthorization(browser, rpAtA, {
      scope: 'openid wallets offline_access',
      prompt: 'consent',
    });
    const callback = await answerInteraction(
      browserOnB,
      interactionUid(authorization.location),
      'confirm',
    );
    const tokens = await client.authorizationCodeGrant(rpAtB, new URL(callback), {
      pkceCodeVerifier: authorization.verifier,
      expectedState: authorization.state,
    });
    const { payload } = await jwtVerify(
      tokens.id_token as string,
      createLocalJWKSet(await jwksOf(a)),
      { issuer: `${origin}/oidc`, audience: 'wiki' },
    );
    expect(payload.sub).toBe(accountId);
    const claims = await client.fetchUserInfo(rpAtA, tokens.access_token, accountId);
    expect(claims.wallets).toEqual([`eip155:1:${testAccount(0).address}`]);

    const refreshed = await client.refreshTokenGrant(rpAtA, tokens.refresh_token as string);
    const sigilOnB = new TestClient(at(b), { origin });
    sigilOnB.cookie = sigil.cookie;
    const revoked = await sigilOnB.request(REVOKE_WIKI);
    expect(revoked.data?.revokeApp).toBe(true);
    await expect(
      client.refreshTokenGrant(rpAtA, refreshed.refresh_token as string),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('keeps the tokens of a rotated key verifiable while a restarted instance signs with the new one', async () => {
    const { browser } = await signedInBrowser(a);
    const signIn = async (server: TestServer) => {
      const there = new OidcBrowser(at(server), browser.cookies);
      const rp = await discoverAs(at(server), WIKI);
      const authorization = await startAuthorization(there, rp, {
        scope: 'openid',
      });
      const callback = authorization.location.includes('/oidc/interaction/')
        ? await answerInteraction(there, interactionUid(authorization.location), 'confirm')
        : await followToClient(there, authorization.location);
      return client.authorizationCodeGrant(rp, new URL(callback), {
        pkceCodeVerifier: authorization.verifier,
        expectedState: authorization.state,
      });
    };
    const before = await signIn(a);
    const oldKid = decodeProtectedHeader(before.id_token as string).kid;

    const rotated = await rotateSigningKey(a.services.db);
    const c = await startTestServer({ databaseUrl: schema.url, env });
    try {
      const published = await jwksOf(c);
      expect(published.keys.map((k) => k.kid)).toEqual([rotated.kid, oldKid]);
      const keys = createLocalJWKSet(published);
      await jwtVerify(before.id_token as string, keys, { issuer: `${origin}/oidc` });
      const after = await signIn(c);
      expect(decodeProtectedHeader(after.id_token as string).kid).toBe(rotated.kid);
      await jwtVerify(after.id_token as string, keys, { issuer: `${origin}/oidc` });
    } finally {
      await c.close();
    }
  });
});
