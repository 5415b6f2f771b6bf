import { createLocalJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { expect, it } from 'vitest';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

/**
 * Device login (docs/oidc.md, "Device login"): openid-client is the device,
 * asking for a code and polling the token endpoint at the interval the server
 * gives, while the person answers on `/device` in Chromium with the test
 * wallet.
 */
const TV = {
  client_id: 'tv-app',
  client_name: 'Living-room TV',
  grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
};
const browser = setUpSigilBrowser({ serverEnv: { OIDC_CLIENTS: JSON.stringify([TV]) } });

async function device() {
  const issuer = `${browser.environment.appUrl}/oidc`;
  const config = await client.discovery(new URL(issuer), TV.client_id, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
  const code = await client.initiateDeviceAuthorization(config, { scope: 'openid wallets' });
  return { config, code };
}

it('approves a device on /device?code=… with the wallet while the device polls; the device receives the claims', async () => {
  const { config, code } = await device();
  expect(code.verification_uri).toBe(`${browser.environment.appUrl}/device`);
  // The device polls from now on, as a device does, until the person answers.
  const polling = client.pollDeviceAuthorizationGrant(config, code);

  const tab = await browser.open({ accountIndex: 27, blank: true });
  const app = new SigilApp(tab.page);
  await tab.page.goto(code.verification_uri_complete as string);
  await expect
    .poll(() => tab.page.getByRole('heading', { level: 1 }).textContent())
    .toBe('Sign in on a device');
  await app.connectAndSignIn();

  const request = tab.page.getByTestId('device-request');
  await request.waitFor();
  expect(await request.getByTestId('device-user-code').textContent()).toBe(code.user_code);
  expect(await request.locator('h2').textContent()).toBe(
    'Living-room TV wants to sign in with your account',
  );
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect
    .poll(() => tab.page.getByRole('heading', { level: 1 }).textContent())
    .toBe('You can go back to your device');

  const tokens = await polling;
  const jwks = await (await fetch(`${browser.environment.appUrl}/oidc/jwks`)).json();
  const { payload } = await jwtVerify(tokens.id_token as string, createLocalJWKSet(jwks), {
    issuer: `${browser.environment.appUrl}/oidc`,
    audience: TV.client_id,
  });
  const claims = await client.fetchUserInfo(config, tokens.access_token, payload.sub as string);
  expect(claims.wallets).toEqual([`eip155:1:${tab.wallet.address}`]);
});

it('says a wrong code is not valid, takes the typed right one, and tells the device access_denied on Deny', async () => {
  const { config, code } = await device();
  const polling = client.pollDeviceAuthorizationGrant(config, code);
  const tab = await browser.open({ accountIndex: 28, path: '/device' });
  const app = new SigilApp(tab.page);
  await app.connectAndSignIn();

  const field = tab.page.getByLabel('Code');
  await field.fill('BBBB-BBBB');
  await tab.page.getByRole('button', { name: 'Continue' }).click();
  await expect
    .poll(() => tab.page.getByRole('alert').textContent())
    .toBe('This code is not valid or has expired.');

  await field.fill((code.user_code as string).toLowerCase().replace('-', ' '));
  await tab.page.getByRole('button', { name: 'Continue' }).click();
  await tab.page.getByTestId('device-request').getByRole('button', { name: 'Deny' }).click();
  await expect
    .poll(() => tab.page.getByRole('heading', { level: 1 }).textContent())
    .toBe('Request denied');
  await expect(polling).rejects.toMatchObject({ error: 'access_denied' });
});
