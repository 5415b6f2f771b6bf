import { expect, it } from 'vitest';
import { saveScreenshot } from './harness/save-screenshot.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';
import { standInForWalletConnect } from './harness/walletconnect-stand-in.js';

// The scan view needs WalletConnect, so this file runs a server of its own with
// a project id; the WalletConnect network is the named stand-in.
const browser = setUpSigilBrowser({
  serverEnv: { WALLETCONNECT_PROJECT_ID: 'e2e0000000000000000000000000000e' },
});

it('opens the scan view with a WalletConnect pairing QR code', async () => {
  const { page, context, guard } = await browser.open({ accountIndex: 14, blank: true });
  const walletConnect = await standInForWalletConnect(context, guard);
  await page.goto('/');
  const app = new SigilApp(page);

  await app.openConnectModal();
  await page.getByTestId('rk-wallet-option-ledger').waitFor();
  await page.getByTestId('rk-wallet-option-walletConnect').click();
  await app.expectDialogText('Scan with your phone');
  // The pairing is real: the app subscribed to its topic and published its proposal.
  await expect
    .poll(() => walletConnect.relayCalls)
    .toEqual(expect.arrayContaining(['irn_subscribe', 'irn_publish']));
  // RainbowKit draws the pairing URI as an SVG QR code.
  await app.dialog.locator('svg rect, svg path').first().waitFor();
  await saveScreenshot(page, 'scan');
});
