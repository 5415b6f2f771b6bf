import { formatSiwsMessage, parseSiwsMessage } from '@sigil/siwe';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { failureBound } from '../../testing/failure-bound.js';
import { graphqlRequest } from '../../testing/graphql-client.js';
import {
  type InstallSolanaTestWalletParameters,
  SolanaTestWallet,
} from '../../testing/test-wallet/solana-test-wallet.js';
import { queryMe } from './harness/query-me.js';
import { saveScreenshot } from './harness/save-screenshot.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { MESSAGES, SigilApp } from './harness/sigil-app.js';

const browser = setUpSigilBrowser();
const { appUrl } = browser.environment;

/** A browser profile with the Sigil Solana Test Wallet in it (and the Ethereum one, unused). */
async function openWithSolanaWallet(
  accountIndex: number,
  parameters: InstallSolanaTestWalletParameters = {},
  path = '/',
) {
  const tab = await browser.open({ accountIndex, blank: true });
  const solana = await SolanaTestWallet.install(tab.context, parameters);
  const operations = recordGraphqlOperations(tab.page);
  await tab.page.goto(path);
  return { ...tab, solana, operations, app: new SigilApp(tab.page) };
}

/** The name of every GraphQL operation the page sends over HTTP, from now on. */
function recordGraphqlOperations(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/graphql') return;
    const body = request.method() === 'POST' ? request.postDataJSON() : null;
    names.push(body?.operationName ?? url.searchParams.get('operationName') ?? '');
  });
  return names;
}

/** Opens the Solana wallet picker from the header, once the server said it takes Solana. */
async function openSolanaPicker(page: Page) {
  await page.locator('.wallet-button[data-solana="on"]').waitFor();
  await page.getByRole('button', { name: 'Solana wallet', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in with a Solana wallet' });
  await dialog.waitFor();
  return dialog;
}

it('signs in with a Solana wallet through solana:signIn, the wallet writing the message', async () => {
  const { page, context, solana, operations, app } = await openWithSolanaWallet(40);
  await app.expectAuthStatus('unauthenticated');
  // The header offers Solana from /api/config: no GraphQL request of its own on a visit.
  await page.locator('.wallet-button[data-solana="on"]').waitFor();
  expect(operations).not.toContain('SignInParameters');
  const dialog = await openSolanaPicker(page);
  // The picker says what it is and starts at its heading.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent))
    .toBe('Sign in with a Solana wallet');

  const held = solana.hold('signIn');
  await dialog.getByRole('button', { name: SolanaTestWallet.walletName }).click();
  await held.reached;
  await dialog.getByRole('status').getByText('Waiting for signature...', { exact: true }).waitFor();
  held.release();

  await app.expectAuthStatus('authenticated');
  await dialog.waitFor({ state: 'detached' });
  expect(solana.requests).toEqual(['signIn']);
  expect(await queryMe({ appUrl, context })).toEqual({ address: solana.address });

  // What the wallet wrote from the app's input, read by the server's own parser.
  const [signed] = solana.signedMessages;
  const parameters = await graphqlRequest<{ signInParameters: { domain: string; uri: string } }>({
    url: appUrl,
    query: '{ signInParameters { domain uri } }',
    origin: appUrl,
  });
  expect(parseSiwsMessage(signed ?? '')).toMatchObject({
    ...parameters.data?.signInParameters,
    address: solana.address,
    version: '1',
    chainId: 'mainnet',
  });

  await page.getByRole('link', { name: 'Account', exact: true }).click();
  const row = page.locator('[data-testid="wallet-item"][data-namespace="SOLANA"]');
  await row.getByTestId('wallet-namespace').getByText('Solana', { exact: true }).waitFor();
  expect(await row.getAttribute('data-address')).toBe(solana.address);
  await page
    .getByTestId('sign-in-history')
    .getByTestId('sign-in-item')
    .first()
    .getByText(/Solana mainnet/)
    .waitFor();
});

it('signs in with a wallet that offers only solana:signMessage, the app writing the message', async () => {
  const { page, context, solana, app } = await openWithSolanaWallet(41, {
    features: ['solana:signMessage'],
  });
  const dialog = await openSolanaPicker(page);
  await dialog.getByRole('button', { name: SolanaTestWallet.walletName }).click();
  await app.expectAuthStatus('authenticated');
  expect(solana.requests).toEqual(['connect', 'signMessage']);
  expect(await queryMe({ appUrl, context })).toEqual({ address: solana.address });
  const [signed] = solana.signedMessages;
  const message = parseSiwsMessage(signed ?? '');
  expect(message.address).toBe(solana.address);
  // Written in the canonical form: what the parser reads formats back to the same text.
  expect(formatSiwsMessage(message)).toBe(signed);
});

it('shows the exact message when the person refuses in the wallet, and a retry signs in', async () => {
  const { page, context, solana, app } = await openWithSolanaWallet(42);
  const dialog = await openSolanaPicker(page);
  solana.refuseNext();
  await dialog.getByRole('button', { name: SolanaTestWallet.walletName }).click();
  const alert = dialog.getByRole('alert');
  await expect.poll(() => alert.textContent()).toBe(MESSAGES.signing);
  await app.expectAuthStatus('unauthenticated');
  expect(await queryMe({ appUrl, context })).toBeNull();
  await saveScreenshot(page, 'solana-refused');

  await dialog.getByRole('button', { name: 'Try again' }).click();
  await app.expectAuthStatus('authenticated');
  expect(solana.requests).toEqual(['signIn', 'signIn']);
  expect(await queryMe({ appUrl, context })).toEqual({ address: solana.address });
});

it('lists a wallet registered after the page loaded', async () => {
  const { page, solana, app } = await openWithSolanaWallet(43, { registerAtStart: false });
  const dialog = await openSolanaPicker(page);
  await dialog.getByTestId('solana-no-wallet').waitFor();
  await saveScreenshot(page, 'solana-no-wallet');
  await solana.register();
  const choice = dialog.getByRole('button', { name: SolanaTestWallet.walletName });
  await choice.waitFor();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 360, height: 740 });
  await saveScreenshot(page, 'solana-picker-narrow-dark');
  // At 360 px the picker fits: nothing in it is wider than the screen.
  expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await choice.click();
  await app.expectAuthStatus('authenticated');
});

it('links a Solana wallet to an Ethereum account; either wallet then opens it, and its public profile verifies both proofs', async () => {
  const owner = await openWithSolanaWallet(44, {}, '/account');
  const ethereum = owner.wallet;
  await owner.app.connectAndSignIn();
  await owner.app.expectAccountPage(ethereum.address);

  await owner.page.getByRole('button', { name: 'Link a Solana wallet' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Link a Solana wallet' });
  await dialog.getByRole('button', { name: SolanaTestWallet.walletName }).click();
  await dialog.getByTestId('solana-link-success').waitFor();
  expect(parseSiwsMessage(owner.solana.signedMessages[0] ?? '').statement).toMatch(/Link/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const solanaRow = owner.page.locator('[data-testid="wallet-item"][data-namespace="SOLANA"]');
  await solanaRow.waitFor();
  // Still signed in with the Ethereum wallet: a Solana link changes nothing of the session.
  await owner.app.expectAuthStatus('authenticated');

  // The same Solana key in another browser opens the same account.
  const other = await browser.open({ accountIndex: 45, blank: true });
  const sameKey = await SolanaTestWallet.install(other.context, { sameKeyAs: owner.solana });
  await other.page.goto('/');
  const otherDialog = await openSolanaPicker(other.page);
  await otherDialog.getByRole('button', { name: SolanaTestWallet.walletName }).click();
  await new SigilApp(other.page).expectAuthStatus('authenticated');
  expect(sameKey.address).toBe(owner.solana.address);
  expect(await queryMe({ appUrl, context: other.context })).toEqual({ address: ethereum.address });

  // Public: the profile and both wallets.
  const profile = owner.page.getByTestId('profile-section');
  await profile.getByLabel('Display name', { exact: true }).fill('Two Keys');
  await profile.getByRole('checkbox', { name: 'Make my profile public' }).check();
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await profile.getByText('Saved.').waitFor();
  for (const toggle of await owner.page.getByTestId('wallet-public-toggle').all()) {
    await toggle.check();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect.poll(() => toggle.isEnabled()).toBe(true);
  }
  await saveScreenshot(owner.page, 'solana-wallets', { fullPage: true });

  // A visitor: both proofs re-verified in their browser, by the Solana address too.
  const visitor = await browser.open({ accountIndex: 46, path: `/u/${owner.solana.address}` });
  const cards = visitor.page.getByTestId('proof-card');
  await expect.poll(() => cards.count(), { timeout: failureBound(15_000) }).toBe(2);
  for (const card of await cards.all()) {
    await expect
      .poll(() => card.getAttribute('data-verdict'), { timeout: failureBound(15_000) })
      .toBe('verified');
  }
  const solanaCard = visitor.page.locator(
    `[data-testid="proof-card"][data-address="${owner.solana.address}"]`,
  );
  await solanaCard.getByText(/Solana mainnet/).waitFor();
  await saveScreenshot(visitor.page, 'solana-public-profile', { fullPage: true });

  // Copied and pasted into /verify: read by the Solana parser, the key's signature checked here.
  await visitor.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrl });
  await solanaCard.getByRole('button', { name: 'Copy proof' }).click();
  await solanaCard.getByText('Copied.').waitFor();
  const proof = await visitor.page.evaluate(() => navigator.clipboard.readText());
  await visitor.page.getByRole('link', { name: 'Verify', exact: true }).click();
  await visitor.page.getByLabel('Message').fill(proof);
  const grammar = visitor.page.getByTestId('grammar-verdict');
  await expect
    .poll(() => grammar.textContent())
    .toBe('✓ A well-formed Sign In With Solana message');
  const signer = visitor.page.getByTestId('signer-verdict');
  await expect.poll(() => signer.getAttribute('data-ok')).toBe('true');
  expect(await signer.textContent()).toContain(owner.solana.address);
  // A signature one character off is not the key's.
  const signature = visitor.page.getByLabel('Signature');
  const text = (await signature.inputValue()).trim();
  await signature.fill(`${text.slice(0, -1)}${text.endsWith('1') ? '2' : '1'}`);
  await expect.poll(() => signer.getAttribute('data-ok')).toBe('false');
});
