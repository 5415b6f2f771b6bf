import { expect, it } from 'vitest';
import { SolanaTestWallet } from '../../testing/test-wallet/solana-test-wallet.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

// A server of this file's own, with Solana sign-in turned off.
const browser = setUpSigilBrowser({ serverEnv: { SOLANA_CLUSTERS: '' } });

it('offers nothing of Solana when SOLANA_CLUSTERS is empty, even with a Solana wallet installed', async () => {
  const { page, context } = await browser.open({ accountIndex: 47, blank: true, path: '/account' });
  const solana = await SolanaTestWallet.install(context);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/account');
  // The header knows the server's answer: only then is the button's absence a fact.
  await page.locator('.wallet-button[data-solana="off"]').waitFor();
  expect(await page.getByRole('button', { name: 'Solana wallet' }).count()).toBe(0);

  const app = new SigilApp(page);
  await app.connectAndSignIn();
  await page.getByRole('button', { name: 'Link a wallet', exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Link a Solana wallet' }).count()).toBe(0);
  expect(solana.requests).toEqual([]);
  // The picker's chunk was never asked for.
  expect(scripts.filter((path) => path.includes('solana-wallet-dialog'))).toEqual([]);
});
