import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { queryMe } from './harness/query-me.js';
import { saveElementScreenshot, saveScreenshot } from './harness/save-screenshot.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

const browser = setUpSigilBrowser();
const { appUrl } = browser.environment;

it('links a second account of the wallet, switches between them without a new signature, then unlinks it and ends its sessions', async () => {
  const first = await browser.open({ accountIndex: 17, path: '/account' });
  const { page, wallet, context } = first;
  const app = new SigilApp(page);
  await app.connectAndSignIn();
  const primary = wallet.address;
  await app.expectAccountPage(primary);
  const walletItems = page.getByTestId('wallets-list').getByTestId('wallet-item');
  const walletItem = (address: string) =>
    page.locator(`[data-testid="wallet-item"][data-address="${address}"]`);
  await expect.poll(() => walletItems.count()).toBe(1);

  // Accounts 17 and 18 are this file's alone: no other test may own the one it links.
  // Link: the flow expects the switch, and the switched-to account signs the link message.
  await page.getByRole('button', { name: 'Link a wallet' }).click();
  await page.getByTestId('link-panel').waitFor();
  await saveElementScreenshot(page.getByTestId('wallets-section'), 'wallets-link');
  await wallet.switchAccount(18);
  const second = wallet.address;
  await page.getByTestId('link-success').waitFor();
  expect(wallet.signatureRequests).toBe(2);
  await expect.poll(() => walletItems.count()).toBe(2);
  await app.expectAuthStatus('authenticated');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByTestId('link-panel').waitFor({ state: 'detached' });

  // Switching between the two keeps the session: the page follows the wallet, nothing asks to sign.
  for (const [index, address] of [
    [17, primary],
    [18, second],
    [17, primary],
  ] as const) {
    await wallet.switchAccount(index);
    await walletItem(address).getByText('In your wallet now').waitFor();
    await app.expectAuthStatus('authenticated');
    expect(await queryMe({ appUrl, context })).toEqual({ address: primary });
  }
  expect(wallet.signatureRequests).toBe(2);
  expect(await page.getByTestId('rk-auth-message-button').count()).toBe(0);

  // docs/wallets.md shows this section; light, dark and 360 px wide are checked by eye from these.
  const section = page.getByTestId('wallets-section');
  await saveElementScreenshot(section, 'wallets');
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveElementScreenshot(section, 'wallets-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 360, height: 800 });
  await saveElementScreenshot(section, 'wallets-narrow');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Another device signs in with the linked wallet: the same account, a session of that wallet.
  const other = await browser.open({ accountIndex: 18, path: '/account' });
  const otherApp = new SigilApp(other.page);
  await otherApp.connectAndSignIn();
  await otherApp.expectAccountPage(primary);
  const sessions = page.getByTestId('sessions-list').getByTestId('session-item');
  await expect.poll(() => sessions.count()).toBe(2);

  // Unlinking asks first; Cancel is where focus starts, and cancelling changes nothing.
  await walletItem(second).getByRole('button', { name: 'Unlink' }).click();
  const dialog = page.getByTestId('unlink-dialog');
  await dialog.getByRole('heading', { name: 'Unlink this wallet?' }).waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
  await page.keyboard.press('Escape');
  await dialog.getByRole('heading').waitFor({ state: 'detached' });
  expect(await walletItems.count()).toBe(2);
  await walletItem(second).getByRole('button', { name: 'Unlink' }).click();
  await saveScreenshot(page, 'unlink-dialog');
  await dialog.getByRole('button', { name: 'Unlink wallet' }).click();

  // The other device's session, started by the unlinked wallet, ends live; this one goes on.
  await otherApp.expectAuthStatus('unauthenticated');
  expect(await queryMe({ appUrl, context: other.context })).toBeNull();
  await expect.poll(() => walletItems.count()).toBe(1);
  await expect.poll(() => sessions.count()).toBe(1);
  await app.expectAuthStatus('authenticated');
  expect(await queryMe({ appUrl, context })).toEqual({ address: primary });

  // Now unlinked, the second account is just another address: switching to it ends the session.
  await wallet.switchAccount(18);
  await app.expectAuthStatus('unauthenticated');
  await expect.poll(() => queryMe({ appUrl, context })).toBeNull();
});

it('links a wallet connected in place of the current one, keeping the session throughout', async () => {
  const owner = privateKeyToAccount(generatePrivateKey());
  const other = privateKeyToAccount(generatePrivateKey());
  const { page, wallet, context } = await browser.open({
    accountIndex: 0,
    account: owner,
    path: '/account',
  });
  const app = new SigilApp(page);
  await app.connectAndSignIn();
  await app.expectAccountPage(owner.address);

  await page.getByRole('button', { name: 'Link a wallet' }).click();
  await page.getByRole('button', { name: 'Connect another wallet' }).click();
  // Disconnected on purpose: the link flow expects it, so the session goes on.
  await app.expectConnectionStatus('disconnected');
  await app.expectAuthStatus('authenticated');
  // The connect dialog opens by itself; the person picks a wallet holding another account.
  await app.dialog.waitFor();
  await wallet.switchAccount(other);
  await app.chooseTestWallet();

  await page.getByTestId('link-success').waitFor();
  await page.locator(`[data-testid="wallet-item"][data-address="${other.address}"]`).waitFor();
  expect(wallet.signatureRequests).toBe(2);
  await app.expectConnectionStatus('connected');
  await app.expectAuthStatus('authenticated');
  expect(await queryMe({ appUrl, context })).toEqual({ address: owner.address });
  expect(await page.getByTestId('rk-auth-message-button').count()).toBe(0);
});
