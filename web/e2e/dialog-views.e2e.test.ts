import { parseEther } from 'viem';
import { expect, it } from 'vitest';
import { saveScreenshot } from './harness/save-screenshot.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

const browser = setUpSigilBrowser();
/** Hardhat's last default account: any address would do. */
const RECIPIENT = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

// Six of RainbowKit's seven dialog views, opened in the order a person meets
// them; the seventh (scan) needs WalletConnect: see scan-view.e2e.test.ts.

it('opens the intro, get-a-wallet, connect and sign-in views', async () => {
  const { page, wallet } = await browser.open({ accountIndex: 12 });
  const app = new SigilApp(page);

  await app.openConnectModal();
  await app.expectDialogText('What is a Wallet?');
  // No WalletConnect project id here: its wallets are absent, not broken.
  expect(await page.getByTestId('rk-wallet-option-walletConnect').count()).toBe(0);
  await saveScreenshot(page, 'intro');

  await app.dialog.getByRole('button', { name: 'Get a Wallet' }).click();
  await app.expectDialogText("Not what you're looking for?");
  await saveScreenshot(page, 'get-a-wallet');

  // Hold the wallet's approval, as a person who has not clicked yet: the view waits.
  const approval = wallet.holdConnectionApproval();
  await app.chooseTestWallet();
  await approval.reached;
  await app.expectDialogText('Opening Sigil Test Wallet...');
  await app.expectConnectionStatus('connecting');
  await saveScreenshot(page, 'connect');
  approval.release();

  await app.expectSignInViewReady();
  await app.expectDialogText('Verify your account');
  await saveScreenshot(page, 'sign-in');
});

it('opens the switch-networks and profile views', async () => {
  const { page, wallet } = await browser.open({ accountIndex: 13 });
  const app = new SigilApp(page);
  await app.connectAndSignIn();

  await page.getByTestId('rk-chain-button').first().click();
  await app.expectDialogText('Switch Networks');
  await expect.poll(() => app.dialog.getByTestId('rk-chain-option-11155111').count()).toBe(1);
  await saveScreenshot(page, 'switch-networks');
  await page.keyboard.press('Escape');
  await app.dialog.waitFor({ state: 'detached' });

  // This view is tested apart from the tip flow (docs/profiles.md, "Tips"),
  // which adds its own transaction: here the wallet
  // sends a real one on the Hardhat node and the test records it where
  // RainbowKit keeps those an app adds with useAddRecentTransaction; RainbowKit
  // then checks its receipt on the chain itself.
  const hash = await wallet.transfer(RECIPIENT, parseEther('0.01'));
  await page.evaluate(
    ([address, chainId, txHash]) => {
      const stored = JSON.parse(localStorage.getItem('rk-transactions') ?? '{}');
      stored[address] = {
        ...stored[address],
        [chainId]: [{ hash: txHash, description: 'Send 0.01 ETH', status: 'pending' }],
      };
      localStorage.setItem('rk-transactions', JSON.stringify(stored));
    },
    [wallet.address, wallet.chainId, hash] as const,
  );
  await page.reload();
  await app.expectAuthStatus('authenticated');

  await page.getByTestId('rk-account-button').first().click();
  await app.dialog.getByTestId('rk-disconnect-button').waitFor();
  await app.expectDialogText('Recent Transactions');
  await app.expectDialogText('Send 0.01 ETH');
  await app.expectDialogText('Confirmed');
  await saveScreenshot(page, 'profile');
});
