import { expect, it } from 'vitest';
import { cookieHeader, queryMe } from './harness/query-me.js';
import { saveScreenshot } from './harness/save-screenshot.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { expectText, SigilApp } from './harness/sigil-app.js';

const browser = setUpSigilBrowser();
const { appUrl } = browser.environment;

it('connects and signs in to the account page', async () => {
  const { page, context, wallet } = await browser.open({ accountIndex: 1 });
  const app = new SigilApp(page);
  await app.expectConnectionStatus('disconnected');
  await app.expectAuthStatus('unauthenticated');

  await app.connect();
  await app.expectConnectionStatus('connected');
  await app.expectDialogText('Verify your account');
  await app.signMessage();
  await app.expectAuthStatus('authenticated');
  await page.getByRole('link', { name: 'Go to your account' }).click();

  await app.expectAccountPage(wallet.address);
  expect(wallet.signatureRequests).toBe(1);
  expect(await queryMe({ appUrl, context })).toEqual({ address: wallet.address });

  const current = page
    .getByTestId('sessions-list')
    .getByTestId('session-item')
    .and(page.locator('[data-current="true"]'));
  await current.waitFor();
  await page.getByTestId('sign-in-history').getByTestId('sign-in-item').first().waitFor();
  await expect
    .poll(() =>
      page.getByTestId('sign-in-history').getByTestId('sign-in-item').first().textContent(),
    )
    .toContain('EOA');
  // Hardhat funds each default account with 10000 ETH on every node.
  await expect.poll(() => page.getByTestId('chain-balance').count()).toBe(2);
  for (const balance of await page.getByTestId('chain-balance').all()) {
    await expect.poll(() => balance.textContent()).toMatch(/10,?000 ETH/);
  }
  // The README and docs/ show this page.
  await saveScreenshot(page, 'account');
});

it('keeps the session across a reload without asking for a new signature', async () => {
  const { page, context, wallet } = await browser.open({ accountIndex: 2, path: '/account' });
  const app = new SigilApp(page);
  await app.connectAndSignIn();
  await app.expectAccountPage(wallet.address);
  expect(wallet.signatureRequests).toBe(1);

  // RainbowKit asks for a signature only while the status is unauthenticated: every
  // status the reloaded page shows is recorded, so a passing one cannot slip by.
  const authStatuses = await app.recordAuthStatuses();
  // Held, the wallet's answer shows the reconnecting state a reload passes through.
  const accounts = wallet.hold('eth_accounts');
  await page.reload();
  await accounts.reached;
  await app.expectConnectionStatus('reconnecting');
  accounts.release();
  await app.expectConnectionStatus('connected');
  await app.expectAuthStatus('authenticated');
  await app.expectAccountPage(wallet.address);
  // From loading straight to authenticated: at no moment could a sign-in dialog have opened.
  expect(await authStatuses()).toEqual(['loading', 'authenticated']);
  expect(wallet.signatureRequests).toBe(1);
  expect(await page.getByTestId('rk-auth-message-button').count()).toBe(0);
  expect(await queryMe({ appUrl, context })).toEqual({ address: wallet.address });
});

it('ends the server session on sign-out', async () => {
  const { page, context, wallet } = await browser.open({ accountIndex: 3 });
  const app = new SigilApp(page);
  await app.connectAndSignIn();
  const cookieBefore = await cookieHeader(context, appUrl);
  expect(await queryMe({ appUrl, cookie: cookieBefore })).toEqual({ address: wallet.address });

  await page.getByTestId('sign-out-button').click();
  await app.expectAuthStatus('unauthenticated');
  // The wallet stays connected, ready to sign in again: the status line says so, and the
  // header's button offers what it does next, signing in, not connecting a wallet.
  const statusLine = page.getByRole('region', { name: 'Connection and session' });
  expect(await statusLine.getByRole('paragraph').allTextContents()).toEqual([
    'Wallet Connected',
    'Session Not signed in',
  ]);
  await expectText(page.getByTestId('rk-connect-button'), 'Sign in');

  expect(await queryMe({ appUrl, context })).toBeNull();
  // The old cookie itself is dead on the server, not merely dropped by the browser.
  expect(await queryMe({ appUrl, cookie: cookieBefore })).toBeNull();
});
