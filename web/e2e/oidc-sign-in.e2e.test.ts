import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { saveElementScreenshot, saveScreenshot } from './harness/save-screenshot.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

/**
 * "Sign in with Ethereum" for another app, through Chromium with the test
 * wallet: openid-client is the relying party; the app's callback is a real
 * local HTTP server that records the URL the browser was sent to (a
 * Playwright route cannot see a request that a redirect made).
 */
const callbacks: string[] = [];
const callbackServer = createServer((req, res) => {
  callbacks.push(`http://127.0.0.1:${callbackPort}${req.url}`);
  res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Team Wiki</h1>');
});
await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
const callbackPort = (callbackServer.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => callbackServer.close(() => resolve())));

const RP = {
  client_id: 'team-wiki',
  client_name: 'Team Wiki',
  redirect_uris: [`http://127.0.0.1:${callbackPort}/callback`],
};
const browser = setUpSigilBrowser({ serverEnv: { OIDC_CLIENTS: JSON.stringify([RP]) } });

async function relyingParty() {
  const issuer = `${browser.environment.appUrl}/oidc`;
  return client.discovery(
    new URL(issuer),
    RP.client_id,
    { redirect_uris: RP.redirect_uris },
    client.None(),
    { execute: [client.allowInsecureRequests] },
  );
}

async function authorizationUrl(config: client.Configuration, scope: string, extra = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: RP.redirect_uris[0] as string,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  return { url: url.toString(), verifier, state };
}

/**
 * Waits until the browser has loaded the app's callback page: the callback
 * server records the request before the redirect's navigation finishes, and a
 * navigation started before then would be interrupted by it.
 */
async function callbackLoaded(page: Page) {
  await page.waitForURL((url) => url.port === String(callbackPort), { waitUntil: 'load' });
  expect(callbacks).toHaveLength(1);
}

/** The callbacks that arrive from now on. */
function serveCallback() {
  callbacks.length = 0;
  return callbacks;
}

it('signs in to another app: sign-in, consent, redirect with a code; the account page revokes it', async () => {
  const tab = await browser.open({ accountIndex: 17, blank: true });
  tab.guard.exempt((url) => url.port === String(callbackPort));
  serveCallback();
  const app = new SigilApp(tab.page);
  const config = await relyingParty();
  const request = await authorizationUrl(config, 'openid profile wallets offline_access', {
    prompt: 'consent',
  });

  await tab.page.goto(request.url);
  await tab.page.waitForURL(/\/oidc\/interaction\/[^/]+$/);
  await expect
    .poll(() => tab.page.getByRole('heading', { level: 1 }).textContent())
    .toBe('Sign in to Team Wiki');
  await app.connectAndSignIn();

  const consent = tab.page.getByTestId('consent');
  await consent.waitFor();
  expect(await consent.getByTestId('redirect-host').textContent()).toBe(
    `127.0.0.1:${callbackPort}`,
  );
  const scopes = await consent
    .locator('[data-scope]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-scope')));
  expect(scopes).toEqual(['openid', 'profile', 'wallets', 'offline_access']);
  await saveScreenshot(tab.page, 'oidc-consent');

  await consent.getByRole('button', { name: 'Allow' }).click();
  await callbackLoaded(tab.page);
  const tokens = await client.authorizationCodeGrant(config, new URL(callbacks[0] as string), {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
  });
  const jwks = await (await fetch(`${browser.environment.appUrl}/oidc/jwks`)).json();
  const { payload } = await jwtVerify(tokens.id_token as string, createLocalJWKSet(jwks), {
    issuer: `${browser.environment.appUrl}/oidc`,
    audience: RP.client_id,
  });
  const claims = await client.fetchUserInfo(config, tokens.access_token, payload.sub as string);
  expect(claims).toMatchObject({
    preferred_username: tab.wallet.address,
    wallets: [`eip155:1:${tab.wallet.address}`],
  });

  // The account page lists the app; revoking it ends its refresh token.
  await tab.page.goto('/account');
  await app.expectAccountPage(tab.wallet.address);
  const connected = tab.page.getByTestId('connected-app');
  await expect.poll(() => connected.count()).toBe(1);
  expect(await connected.locator('.row-title').textContent()).toBe('Team Wiki');
  await saveElementScreenshot(tab.page.getByTestId('connected-apps'), 'oidc-connected-apps');
  await connected.getByRole('button', { name: 'Revoke access' }).click();
  await expect.poll(() => connected.count()).toBe(0);
  await expect(
    client.refreshTokenGrant(config, tokens.refresh_token as string),
  ).rejects.toMatchObject({ error: 'invalid_grant' });
  const feed = tab.page.getByTestId('events-feed');
  await expect
    .poll(() => feed.locator('[data-event-type="APP_REVOKED"]').count())
    .toBeGreaterThan(0);
});

it('sends access_denied to the app when the person denies', async () => {
  const tab = await browser.open({ accountIndex: 18, blank: true });
  tab.guard.exempt((url) => url.port === String(callbackPort));
  serveCallback();
  const app = new SigilApp(tab.page);
  const request = await authorizationUrl(await relyingParty(), 'openid wallets');
  await tab.page.goto(request.url);
  await tab.page.waitForURL(/\/oidc\/interaction\/[^/]+$/);
  await app.connectAndSignIn();
  const consent = tab.page.getByTestId('consent');
  await consent.getByRole('button', { name: 'Deny' }).click();
  await callbackLoaded(tab.page);
  const url = new URL(callbacks[0] as string);
  expect(url.searchParams.get('error')).toBe('access_denied');
  expect(url.searchParams.get('state')).toBe(request.state);
});
