import { createLocalJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/index.js';
import { FakeAuthenticator } from '../support/fake-authenticator.js';
import { TestClient, testAccount } from '../support/graphql-client.js';
import { OidcBrowser } from '../support/oidc-browser.js';
import {
  answerInteraction,
  browserSignedInAs,
  discoverAs,
  followToClient,
  interactionUid,
  OIDC_CLIENTS,
  SPA,
  startAuthorization,
  WIKI,
} from '../support/oidc-relying-party.js';
import { updateProfile } from '../support/profile-requests.js';
import { prepareSolanaMessage, signedInWithSolana } from '../support/solana-sign-in.js';
import { newSolanaKey } from '../support/solana-test-key.js';
import { subscribeAccountEvents } from '../support/subscribe-account-events.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { uploadFile } from '../support/upload-file.js';

const CONNECTED_APPS = graphql(`
  query OidcProviderConnectedApps {
    me { connectedApps { clientId name scopes grantedAt lastUsedAt } }
  }
`);

const CONNECTED_APP_IDS = graphql(`
  query OidcProviderConnectedAppIds {
    me { connectedApps { clientId } }
  }
`);

const SET_AVATAR = graphql(`
  mutation OidcProviderSetAvatar($file: File!) {
    setAvatar(file: $file) { avatar { id } }
  }
`);

const REVOKE_WIKI = graphql(`
  mutation OidcProviderRevokeWiki {
    revokeApp(clientId: "wiki")
  }
`);

/**
 * Sigil as an OpenID Connect provider, with openid-client as the relying
 * party against the real server: discovery, code + PKCE through the
 * interaction endpoints the web app's page calls, ID tokens checked against
 * the published keys, userinfo per scope, refresh, revocation, refusals.
 */
let server: TestServer;
let signedIn: TestClient;
let accountId: string;

beforeAll(async () => {
  server = await startTestServer({ env: { OIDC_CLIENTS } });
  signedIn = new TestClient(server);
  const result = await signedIn.signInAs(testAccount(0));
  if (!result.data) throw new Error(`sign-in failed: ${JSON.stringify(result.errors)}`);
  accountId = result.data.signIn.account.id;
});

afterAll(async () => {
  await server?.close();
});

/** The whole flow for a signed-in browser: authorize, Allow, redeem the code. */
async function signInToClient(
  who: typeof WIKI | typeof SPA,
  parameters: Record<string, string>,
  browser: OidcBrowser = browserSignedInAs(server, signedIn),
) {
  const config = await discoverAs(server, who);
  const authorization = await startAuthorization(browser, config, parameters);
  const callback = authorization.location.includes('/oidc/interaction/')
    ? await answerInteraction(browser, interactionUid(authorization.location), 'confirm')
    : authorization.location;
  const tokens = await client.authorizationCodeGrant(config, new URL(callback), {
    pkceCodeVerifier: authorization.verifier,
    expectedState: authorization.state,
  });
  return { config, tokens, browser };
}

async function jwks() {
  const response = await fetch(`${server.url}/oidc/jwks`);
  return createLocalJWKSet((await response.json()) as { keys: [] });
}

describe('OpenID Connect provider', () => {
  it('publishes discovery at <PUBLIC_URL>/oidc/.well-known/openid-configuration', async () => {
    const response = await fetch(`${server.url}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${server.origin}/oidc`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'offline_access', 'profile', 'wallets']),
    );
    expect(discovery.claims_supported).toEqual(expect.arrayContaining(['sub', 'wallets']));
    for (const endpoint of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'jwks_uri',
      'revocation_endpoint',
      'introspection_endpoint',
      'end_session_endpoint',
    ]) {
      expect(String(discovery[endpoint])).toMatch(new RegExp(`^${server.origin}/oidc/`));
    }
  });

  it('signs a public client in with code + PKCE; the ID token verifies against the JWKS and names the account', async () => {
    const browser = browserSignedInAs(server, signedIn);
    const config = await discoverAs(server, SPA);
    const authorization = await startAuthorization(browser, config, { scope: 'openid wallets' });
    const uid = interactionUid(authorization.location);

    const details = await (await browser.request(`/oidc/interaction/${uid}/details`)).json();
    expect(details).toEqual({
      uid,
      client: { clientId: 'spa', name: 'Browser App', redirectHost: 'spa.test:9' },
      scopes: ['openid', 'wallets'],
      claims: ['sub', 'wallets'],
      signedIn: true,
      remembered: false,
    });

    const events = await subscribeAccountEvents(signedIn, { events: server.services.events });
    const callback = await answerInteraction(browser, uid, 'confirm');
    expect(callback).toMatch(/^http:\/\/spa\.test:9\/callback\?code=/);
    try {
      const authorized = await events.received((e) => e.type === 'APP_AUTHORIZED');
      expect(authorized.app).toEqual({
        clientId: 'spa',
        name: 'Browser App',
        scopes: ['openid', 'wallets'],
      });
    } finally {
      events.dispose();
    }
    const tokens = await client.authorizationCodeGrant(config, new URL(callback), {
      pkceCodeVerifier: authorization.verifier,
      expectedState: authorization.state,
    });
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token as string, await jwks(), {
      issuer: `${server.origin}/oidc`,
      audience: 'spa',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.sub).toBe(accountId);
    expect(payload.sub).not.toMatch(/^0x/);
    // A wallet's sign-in: proof of a software-secured key (docs/oidc.md).
    expect(payload.amr).toEqual(['swk']);
  });

  it("accepts a passkey's session, and its ID token's amr says so", async () => {
    const authenticator = new FakeAuthenticator(server.origin, { backedUp: false });
    const begun = await signedIn.request<{
      beginPasskeyRegistration: { id: string; optionsJSON: string };
    }>('mutation { beginPasskeyRegistration { id optionsJSON } }');
    const registration = begun.data?.beginPasskeyRegistration;
    if (!registration) throw new Error(JSON.stringify(begun.errors));
    const added = await signedIn.request(
      'mutation ($c: ID!, $r: String!) { addPasskey(challengeId: $c, responseJSON: $r) { id } }',
      { c: registration.id, r: authenticator.register(registration.optionsJSON) },
    );
    expect(added.errors).toBeUndefined();
    const passkeyClient = new TestClient(server);
    const challenge = await passkeyClient.request<{
      beginPasskeySignIn: { id: string; optionsJSON: string };
    }>('mutation { beginPasskeySignIn { id optionsJSON } }');
    const options = challenge.data?.beginPasskeySignIn;
    if (!options) throw new Error(JSON.stringify(challenge.errors));
    const passkeySignIn = await passkeyClient.request(
      'mutation ($c: ID!, $r: String!) { signInWithPasskey(challengeId: $c, responseJSON: $r) { session { id } } }',
      { c: options.id, r: authenticator.authenticate(options.optionsJSON) },
    );
    expect(passkeySignIn.errors).toBeUndefined();

    const { tokens } = await signInToClient(
      SPA,
      { scope: 'openid' },
      browserSignedInAs(server, passkeyClient),
    );
    const { payload } = await jwtVerify(tokens.id_token as string, await jwks(), {
      issuer: `${server.origin}/oidc`,
      audience: 'spa',
    });
    expect(payload.sub).toBe(accountId);
    // A device-bound passkey, unlocked by user verification (docs/oidc.md).
    expect(payload.amr).toEqual(['hwk', 'user', 'mfa']);
  });

  it('releases claims per scope at userinfo: sub always, preferred_username for profile, CAIP-10 wallets for wallets', async () => {
    const address = testAccount(0).address;
    const only = await signInToClient(WIKI, { scope: 'openid' });
    expect(await client.fetchUserInfo(only.config, only.tokens.access_token, accountId)).toEqual({
      sub: accountId,
    });
    const profile = await signInToClient(WIKI, { scope: 'openid profile' });
    expect(
      await client.fetchUserInfo(profile.config, profile.tokens.access_token, accountId),
    ).toEqual({ sub: accountId, preferred_username: address });
    const wallets = await signInToClient(WIKI, { scope: 'openid profile wallets' });
    expect(
      await client.fetchUserInfo(wallets.config, wallets.tokens.access_token, accountId),
    ).toEqual({ sub: accountId, preferred_username: address, wallets: [`eip155:1:${address}`] });
  });

  it('releases the CAIP-10 ids of both families in wallets, to a browser signed in with the Solana wallet', async () => {
    const ethereum = new TestClient(server);
    const signedInEthereum = await ethereum.signInAs(testAccount(1));
    const otherAccountId = signedInEthereum.data?.signIn.account.id ?? '';
    const solana = newSolanaKey();
    const statement = await ethereum.request<{ me: { linkStatement: string } }>(
      '{ me { linkStatement } }',
    );
    const message = await prepareSolanaMessage(ethereum, solana, {
      statement: statement.data?.me.linkStatement ?? '',
      issuedAt: new Date(server.clock()).toISOString(),
    });
    const linked = await ethereum.request(
      'mutation($m: String!, $s: String!) { linkWallet(message: $m, signature: $s) { address } }',
      { m: message, s: solana.signMessage(message) },
    );
    expect(linked.errors).toBeUndefined();
    const bySolana = await signedInWithSolana(server, solana, new TestClient(server));
    expect(bySolana.accountId).toBe(otherAccountId);
    const wallets = await signInToClient(
      WIKI,
      { scope: 'openid wallets' },
      browserSignedInAs(server, bySolana.client),
    );
    expect(
      await client.fetchUserInfo(wallets.config, wallets.tokens.access_token, otherAccountId),
    ).toEqual({
      sub: otherAccountId,
      wallets: [
        `eip155:1:${testAccount(1).address}`,
        `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${solana.address}`,
      ],
    });
  });

  it("releases the profile's name and avatar as name and picture, through the image pipeline", async () => {
    const avatar = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    const uploaded = await uploadFile(signedIn, SET_AVATAR, avatar);
    expect(uploaded.errors).toBeUndefined();
    const imageId = uploaded.data?.setAvatar.avatar?.id;
    expect(imageId).toMatch(/^[0-9a-f-]{36}$/);
    const named = await updateProfile(signedIn, { displayName: 'Ada of Sigil' });
    expect(named.errors).toBeUndefined();
    try {
      const { config, tokens } = await signInToClient(WIKI, { scope: 'openid profile' });
      const claims = await client.fetchUserInfo(config, tokens.access_token, accountId);
      expect(claims).toMatchObject({
        name: 'Ada of Sigil',
        picture: `${server.origin}/images/${imageId}?w=256&q=75`,
      });
      const picture = await fetch(String(claims.picture), { headers: { accept: 'image/webp' } });
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/webp');
    } finally {
      await updateProfile(signedIn, { displayName: null });
      await signedIn.request('mutation { removeAvatar { public } }');
    }
  });

  it('remembers a consent per client and scope set, even in a new browser', async () => {
    // The account granted the browser app `openid wallets` above: a narrower set is covered.
    const browser = browserSignedInAs(server, signedIn);
    const config = await discoverAs(server, SPA);
    const fresh = await startAuthorization(browser, config, { scope: 'openid' });
    const uid = interactionUid(fresh.location); // a new browser signs in to the provider once
    const details = await (await browser.request(`/oidc/interaction/${uid}/details`)).json();
    expect(details).toMatchObject({ remembered: true, signedIn: true });

    // After Allow, the same browser is sent straight back for the same scopes, no page shown.
    await answerInteraction(browser, uid, 'confirm');
    const direct = await startAuthorization(browser, config, { scope: 'openid' });
    expect(direct.location).toMatch(/^http:\/\/spa\.test:9\/callback\?code=/);
    // A wider scope set asks again.
    const wider = await startAuthorization(browser, config, { scope: 'openid profile' });
    const widerDetails = await (
      await browser.request(`/oidc/interaction/${interactionUid(wider.location)}/details`)
    ).json();
    expect(widerDetails).toMatchObject({ remembered: false, scopes: ['openid', 'profile'] });
  });

  it('refreshes tokens until the account revokes the app, which fails the refresh token and emits APP_REVOKED', async () => {
    const { config, tokens } = await signInToClient(WIKI, {
      scope: 'openid offline_access',
      prompt: 'consent',
    });
    // offline_access granted: a refresh token of this client for this account.
    expect(await client.tokenIntrospection(config, tokens.refresh_token as string)).toMatchObject({
      active: true,
      client_id: 'wiki',
      sub: accountId,
      scope: 'openid offline_access',
    });
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token as string);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(await client.fetchUserInfo(config, refreshed.access_token, accountId)).toEqual({
      sub: accountId,
    });

    const apps = await signedIn.request(CONNECTED_APPS);
    const wiki = apps.data?.me?.connectedApps.find((a) => a.clientId === 'wiki');
    expect(wiki).toMatchObject({ name: 'The Team Wiki' });
    expect(wiki?.scopes).toEqual(expect.arrayContaining(['openid', 'offline_access']));

    const events = await subscribeAccountEvents(signedIn, { events: server.services.events });
    try {
      const revoked = await signedIn.request(REVOKE_WIKI);
      expect(revoked.data?.revokeApp).toBe(true);
      const event = await events.received((e) => e.type === 'APP_REVOKED');
      expect(event).toMatchObject({
        type: 'APP_REVOKED',
        app: { clientId: 'wiki', name: 'The Team Wiki' },
      });
    } finally {
      await events.dispose();
    }
    await expect(
      client.refreshTokenGrant(config, refreshed.refresh_token ?? (tokens.refresh_token as string)),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    // The access token issued before the revocation no longer opens userinfo: 401, invalid_token.
    await expect(
      client.fetchUserInfo(config, refreshed.access_token, accountId),
    ).rejects.toMatchObject({
      code: 'OAUTH_WWW_AUTHENTICATE_CHALLENGE',
      status: 401,
      cause: [{ scheme: 'bearer', parameters: { error: 'invalid_token' } }],
    });
    const after = await signedIn.request(CONNECTED_APP_IDS);
    expect(after.data?.me?.connectedApps.map((a) => a.clientId)).not.toContain('wiki');
  });

  it('signs out at the request of the client (RP-initiated logout) and sends the browser back to it', async () => {
    const { config, tokens, browser } = await signInToClient(WIKI, { scope: 'openid' });
    const end = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token as string,
      post_logout_redirect_uri: WIKI.post_logout_redirect_uris[0] as string,
      state: 'bye',
    });
    const confirmPage = await browser.request(end.toString(), { headers: { accept: 'text/html' } });
    expect(confirmPage.status).toBe(200);
    expect(confirmPage.headers.get('content-security-policy')).toContain(
      "form-action 'self' http://wiki.test:9",
    );
    const html = await confirmPage.text();
    // The app's name is isolated (FSI…PDI) from the sentence's direction (logout-pages.ts).
    expect(html).toContain('\u2068The Team Wiki\u2069 asks to sign you out');
    expect(html).not.toMatch(/https?:\/\/(?!localhost)[a-z]/i);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] as string;
    const confirmed = await browser.request('/oidc/session/end/confirm', {
      method: 'POST',
      origin: server.origin,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('http://wiki.test:9/?state=bye');
    // The provider's session is over: the next authorization asks again.
    const next = await startAuthorization(browser, config, { scope: 'openid' });
    expect(next.location).toMatch(/\/oidc\/interaction\//);
  });

  it('asks again once the Sigil session that signed in has ended', async () => {
    const own = new TestClient(server);
    await own.signInAs(testAccount(0));
    const browser = browserSignedInAs(server, own);
    const { config } = await signInToClient(SPA, { scope: 'openid' }, browser);
    const silent = await startAuthorization(browser, config, { scope: 'openid' });
    expect(silent.location).toMatch(/^http:\/\/spa\.test:9\/callback\?code=/);

    await own.request('mutation { signOut }');
    const again = await startAuthorization(browser, config, { scope: 'openid' });
    expect(again.location).toMatch(/\/oidc\/interaction\//);
  });

  it('introspects tokens for their client and revokes one at its request', async () => {
    const { config, tokens } = await signInToClient(WIKI, {
      scope: 'openid offline_access',
      prompt: 'consent',
    });
    const active = await client.tokenIntrospection(config, tokens.access_token);
    expect(active).toMatchObject({ active: true, sub: accountId, client_id: 'wiki' });
    await client.tokenRevocation(config, tokens.refresh_token as string);
    await expect(
      client.refreshTokenGrant(config, tokens.refresh_token as string),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await client.tokenIntrospection(config, 'not-a-token')).toEqual({ active: false });
    // Revoking the refresh token revokes its grant: the app leaves the account's list.
    await expect
      .poll(async () => {
        const apps = await signedIn.request(CONNECTED_APP_IDS);
        return apps.data?.me?.connectedApps.map((a) => a.clientId);
      })
      .not.toContain('wiki');
  });

  it('returns access_denied to the client when the person denies', async () => {
    const browser = browserSignedInAs(server, signedIn);
    const config = await discoverAs(server, SPA);
    const authorization = await startAuthorization(browser, config, { scope: 'openid profile' });
    const callback = await answerInteraction(
      browser,
      interactionUid(authorization.location),
      'abort',
    );
    const url = new URL(callback);
    expect(url.origin + url.pathname).toBe('http://spa.test:9/callback');
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('state')).toBe(authorization.state);
  });

  it('refuses a redirect_uri the client did not register, without redirecting', async () => {
    const browser = new OidcBrowser(server);
    const config = await discoverAs(server, WIKI);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: 'http://evil.test/callback',
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const response = await browser.request(url.toString());
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toMatch(/redirect_uri/);
  });

  it('requires PKCE of a public client: no challenge is refused, and a code without its verifier is not redeemed', async () => {
    const browser = browserSignedInAs(server, signedIn);
    const config = await discoverAs(server, SPA);
    const noChallenge = await browser.request(
      client
        .buildAuthorizationUrl(config, {
          redirect_uri: SPA.redirect_uris[0] as string,
          scope: 'openid',
        })
        .toString(),
    );
    const refused = new URL(await OidcBrowser.location(noChallenge));
    expect(refused.searchParams.get('error')).toBe('invalid_request');
    expect(refused.searchParams.get('error_description')).toMatch(/PKCE/);

    const authorization = await startAuthorization(browser, config, { scope: 'openid' });
    const callback = authorization.location.includes('/oidc/interaction/')
      ? await answerInteraction(browser, interactionUid(authorization.location), 'confirm')
      : await followToClient(browser, authorization.location);
    const code = new URL(callback).searchParams.get('code') as string;
    const response = await fetch(`${server.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: SPA.redirect_uris[0] as string,
        client_id: 'spa',
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses Allow from another origin or without a Sigil session', async () => {
    const browser = browserSignedInAs(server, signedIn);
    const config = await discoverAs(server, SPA);
    const authorization = await startAuthorization(browser, config, { scope: 'openid' });
    const uid = interactionUid(authorization.location);
    const crossSite = await browser.request(`/oidc/interaction/${uid}/confirm`, {
      method: 'POST',
      origin: 'http://evil.test',
      body: '{}',
    });
    expect(crossSite.status).toBe(403);
    const noOrigin = await browser.request(`/oidc/interaction/${uid}/confirm`, {
      method: 'POST',
      body: '{}',
    });
    expect(noOrigin.status).toBe(403);
    browser.cookies.delete('sigil_session');
    const signedOut = await browser.request(`/oidc/interaction/${uid}/confirm`, {
      method: 'POST',
      origin: server.origin,
      body: '{}',
    });
    expect(signedOut.status).toBe(401);
  });

  it('answers malformed requests to its endpoints with a 4xx, never a 5xx', async () => {
    const requests: [string, RequestInit?][] = [
      ['/oidc/auth'],
      ['/oidc/auth?client_id=nobody&response_type=code&scope=openid'],
      [`/oidc/auth?client_id=${'x'.repeat(5000)}`],
      ['/oidc/auth?client_id=spa&response_type=token&redirect_uri=http://spa.test:9/callback'],
      [
        '/oidc/token',
        {
          method: 'POST',
          body: 'grant_type=authorization_code&code=nope',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
      [
        '/oidc/token',
        { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json' } },
      ],
      [
        '/oidc/token',
        {
          method: 'POST',
          body: 'x'.repeat(200_000),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
      ['/oidc/me'],
      ['/oidc/me', { headers: { authorization: 'Bearer not-a-token' } }],
      [
        '/oidc/token/revocation',
        {
          method: 'POST',
          body: 'token=x',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
      [
        '/oidc/token/introspection',
        {
          method: 'POST',
          body: 'token=x',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: 'Basic !!!',
          },
        },
      ],
      ['/oidc/session/end?id_token_hint=garbage'],
      ['/oidc/interaction/nope/details'],
      ['/oidc/interaction/%00%ff/details'],
      [
        '/oidc/interaction/nope/confirm',
        { method: 'POST', headers: { origin: 'http://evil.test' } },
      ],
      [
        '/oidc/interaction/nope/abort',
        {
          method: 'POST',
          body: '{}',
          headers: { origin: server.origin, 'content-type': 'application/json' },
        },
      ],
      ['/oidc/no-such-route'],
    ];
    for (const [path, init] of requests) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
      // A bad request from a known client to its registered redirect URI goes back to it, as OAuth says.
      if (response.status === 303) {
        expect(response.headers.get('location'), path).toMatch(
          /^http:\/\/spa\.test:9\/callback[?#]error=/,
        );
        continue;
      }
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
  });
});

describe('OpenID Connect without clients', () => {
  it('has no provider routes when OIDC_CLIENTS is empty', async () => {
    const bare = await startTestServer();
    try {
      for (const path of ['/oidc/.well-known/openid-configuration', '/oidc/jwks', '/oidc/auth']) {
        expect((await fetch(`${bare.url}${path}`)).status, path).toBe(404);
      }
    } finally {
      await bare.close();
    }
  });
});
