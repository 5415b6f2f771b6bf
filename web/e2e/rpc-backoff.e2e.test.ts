import { expect, it } from 'vitest';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

/**
 * docs/web-app.md, "Runtime configuration and chains": a chain whose RPC
 * endpoint does not answer is asked once per page load (then once a minute),
 * not about 30 times, and the account page says so in words. Sepolia's
 * endpoint here is a closed port: nothing listens on port 9. The browser
 * asks through the server's /rpc/11155111, which answers 502; it never
 * reaches the endpoint itself (the outside-host guard would say so).
 */
const CLOSED = 'http://127.0.0.1:9';
const browser = setUpSigilBrowser({ serverEnv: { RPC_URL_11155111: CLOSED } });

const WORDS =
  'Balances on Sepolia could not be read: its RPC endpoint did not answer. Sigil will try again in a minute.';

it('asks an unreachable RPC endpoint once per page load, and says so on the account page', async () => {
  const { page, wallet } = await browser.open({ accountIndex: 13, blank: true });
  const sepoliaRoute = `${browser.environment.appUrl}/rpc/11155111`;
  let requests = 0;
  page.on('request', (request) => {
    if (request.url() === sepoliaRoute) requests += 1;
  });
  const app = new SigilApp(page);
  const sepolia = page.locator('[data-testid="chain-balance"][data-chain-id="11155111"]');
  const hardhat = page.locator('[data-testid="chain-balance"][data-chain-id="31337"]');
  /**
   * The account page done reading: the words for Sepolia, the other chain's
   * balance (any amount: the suites share one Hardhat node, and another
   * file's wallet 13 sends a transaction).
   */
  const settled = async () => {
    await expect.poll(() => sepolia.getByTestId('rpc-unreachable').textContent()).toBe(WORDS);
    await expect.poll(() => sepolia.textContent()).toContain('unavailable');
    await expect.poll(() => hardhat.textContent()).toMatch(/\d[\d,.]* ETH/);
  };

  await page.goto('/account');
  await app.connectAndSignIn();
  await app.expectAccountPage(wallet.address);
  await settled();
  expect(requests).toBe(1);

  requests = 0;
  await page.reload();
  await app.expectAccountPage(wallet.address);
  await settled();
  expect(requests).toBe(1);
});
