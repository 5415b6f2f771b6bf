import { expect, it } from 'vitest';
import { queryMe } from './harness/query-me.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { expectText, MESSAGES, SigilApp } from './harness/sigil-app.js';

const browser = setUpSigilBrowser();
const { appUrl, chains, strayChain } = browser.environment;
const [primary, sepolia] = chains;

it('shows the wrong-network message on a chain the server does not enable, then switching continues', async () => {
  // The wallet knows the primary chain and a stray one, not Sepolia: switching there adds it.
  const { page, wallet } = await browser.open({
    accountIndex: 8,
    walletChainIds: [primary?.id ?? 0, strayChain.id],
  });
  const app = new SigilApp(page);
  await app.connectAndSignIn();

  await wallet.switchChain(strayChain.id);
  await expectText(page.getByTestId('wrong-network'), MESSAGES.wrongNetwork);
  await app.expectConnectionStatus('connected');

  await page.getByRole('button', { name: 'Switch to Sepolia' }).click();
  await expect.poll(() => wallet.chainId).toBe(sepolia?.id);
  expect(wallet.requests).toContain('wallet_addEthereumChain');
  await page.getByTestId('wrong-network').waitFor({ state: 'detached' });
  await app.expectAuthStatus('authenticated');
});

it('signs out when the wallet switches to another account', async () => {
  const { page, context, wallet } = await browser.open({ accountIndex: 9, path: '/account' });
  const app = new SigilApp(page);
  await app.connectAndSignIn();
  const signedIn = wallet.address;
  await app.expectAccountPage(signedIn);

  await wallet.switchAccount(10);
  await app.expectAuthStatus('unauthenticated');
  await expect.poll(() => queryMe({ appUrl, context })).toBeNull();
  // The previous account's page is gone, not left on screen for the new one.
  expect(await page.getByTestId('account-address').count()).toBe(0);
  expect(await page.getByText(signedIn).count()).toBe(0);
});
