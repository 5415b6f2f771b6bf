import type { Page, Route } from 'playwright-core';
import { formatEther, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { deployContractWallets } from '../../testing/deploy-contract-wallets.js';
import { jsonRpc } from '../../testing/json-rpc.js';
import { makeTestPng } from './harness/make-test-png.js';
import { saveElementScreenshot, saveScreenshot } from './harness/save-screenshot.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

const browser = setUpSigilBrowser();
const { appUrl, chains } = browser.environment;
const localChain = chains[0];
if (!localChain) throw new Error('the e2e set-up enables chain 31337 first');

/** Every script of the build, held at the network: what shows meanwhile is the page's HTML. */
const ANY_SCRIPT = /\/assets\/[\w-]+\.js$/;

/** Every request the page makes to the Sigil server's GraphQL endpoint, from now on. */
function recordGraphqlRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/graphql') seen.push(request.url());
  });
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname === '/graphql') seen.push(socket.url());
  });
  return seen;
}

it('checks a pasted message and signature on /verify, field by field, without a request to the Sigil server', async () => {
  const signer = privateKeyToAccount(generatePrivateKey());
  const { page } = await browser.open({ accountIndex: 0, account: signer, path: '/verify' });
  await new SigilApp(page).waitUntilSettled();
  const host = new URL(appUrl).host;
  const message = [
    `${host} wants you to sign in with your Ethereum account:`,
    signer.address,
    '',
    'Sign in to Sigil.',
    '',
    `URI: ${appUrl}`,
    'Version: 1',
    `Chain ID: ${localChain.id}`,
    'Nonce: e2eVerify12345678',
    `Issued At: ${new Date().toISOString()}`,
    `Expiration Time: ${new Date(Date.now() + 3_600_000).toISOString()}`,
  ].join('\n');
  const signature = await signer.signMessage({ message });
  const requests = recordGraphqlRequests(page);

  await page.getByLabel('Message').fill(message);
  await page.getByLabel('Signature').fill(signature);
  const verdict = page.getByTestId('signer-verdict');
  await expect.poll(() => verdict.getAttribute('data-ok')).toBe('true');
  expect(await verdict.textContent()).toContain(`Signed by ${signer.address}`);
  expect(await page.getByTestId('grammar-verdict').getAttribute('data-ok')).toBe('true');
  expect(await page.getByTestId('expiration').getAttribute('data-state')).toBe('holds');
  const rows = page.getByTestId('field-row');
  expect(
    await rows.evaluateAll((all) => all.map((row) => (row as HTMLElement).dataset.state)),
  ).not.toContain('invalid');
  await saveScreenshot(page, 'verify', { fullPage: true });

  // A lowercase address is refused by the strict grammar, as the server refuses it.
  await page
    .getByLabel('Message')
    .fill(message.replace(signer.address, signer.address.toLowerCase()));
  await expect
    .poll(() => page.getByTestId('grammar-verdict').getAttribute('data-ok'))
    .toBe('false');
  expect(
    await page
      .locator('[data-testid="field-row"][data-field="Address"]')
      .getAttribute('data-state'),
  ).toBe('invalid');
  expect(requests).toEqual([]);
});

it("checks a contract wallet's signature on /verify through the chain's configured RPC (EIP-1271)", async () => {
  const owner = privateKeyToAccount(generatePrivateKey());
  const wallets = await deployContractWallets({
    rpcUrl: localChain.rpcUrl,
    chainId: localChain.id,
  });
  const walletAddress = await wallets.deployWallet(owner.address, `0x${'e2'.repeat(32)}`);
  const { page } = await browser.open({ accountIndex: 0, account: owner, path: '/verify' });
  await new SigilApp(page).waitUntilSettled();
  const message = [
    `${new URL(appUrl).host} wants you to sign in with your Ethereum account:`,
    walletAddress,
    '',
    // No statement: EIP-4361 then keeps two blank lines before the URI.
    '',
    `URI: ${appUrl}`,
    'Version: 1',
    `Chain ID: ${localChain.id}`,
    'Nonce: e2eContract1234',
    `Issued At: ${new Date().toISOString()}`,
  ].join('\n');
  const chainCalls: string[] = [];
  page.on('request', (request) => {
    // The browser reads the chain through the server's /rpc/<id>, never RPC_URL_<id>.
    if (request.url() === `${appUrl}/rpc/${localChain.id}`)
      chainCalls.push(request.postData() ?? '');
  });
  const requests = recordGraphqlRequests(page);
  await page.getByLabel('Message').fill(message);
  // The owner's key signs; the wallet contract, asked on its chain, accepts it.
  await page.getByLabel('Signature').fill(await owner.signMessage({ message }));
  const verdict = page.getByTestId('signer-verdict');
  await expect.poll(() => verdict.getAttribute('data-ok')).toBe('true');
  expect(await verdict.textContent()).toContain(
    `Signed by the contract wallet ${walletAddress} on Hardhat (EIP-1271)`,
  );
  expect(chainCalls.some((body) => body.includes('eth_call'))).toBe(true);
  expect(requests).toEqual([]);
  await saveScreenshot(page, 'verify-contract-wallet', { fullPage: true });
});

it('publishes a profile with an avatar; a visitor sees every proof verified in their browser, checks one on /verify and tips', async () => {
  // A fresh key: its balance is exactly what it is tipped.
  const owner = privateKeyToAccount(generatePrivateKey());
  const ownerTab = await browser.open({ accountIndex: 0, account: owner, path: '/account' });
  const ownerApp = new SigilApp(ownerTab.page);
  await ownerApp.connectAndSignIn();
  await ownerApp.expectAccountPage(owner.address);

  // Name, bio, avatar, public; and the wallet published with its proof.
  const profile = ownerTab.page.getByTestId('profile-section');
  await profile.getByLabel('Display name', { exact: true }).fill('Ada Lovelace');
  await profile
    .getByLabel('Bio', { exact: true })
    .fill('Analyst of engines. Tips welcome, in any enabled currency.');
  await profile.getByRole('checkbox', { name: 'Make my profile public' }).check();
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await profile.getByText('Saved.').waitFor();
  await profile.getByTestId('avatar-input').setInputFiles({
    name: 'ada.png',
    mimeType: 'image/png',
    buffer: makeTestPng(600),
  });
  const avatar = profile.locator('img.avatar');
  await avatar.waitFor();
  const srcset = (await avatar.getAttribute('srcset')) ?? '';
  expect(srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual([
    '128w',
    '256w',
    '384w',
    '512w',
  ]);
  expect(await avatar.getAttribute('sizes')).toBe('96px');
  await expect
    .poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  const toggle = ownerTab.page.getByTestId('wallet-public-toggle');
  await toggle.check();
  await expect.poll(() => toggle.isChecked()).toBe(true);
  await expect.poll(() => toggle.isEnabled()).toBe(true);
  await saveElementScreenshot(profile, 'profile');
  await ownerTab.page.setViewportSize({ width: 360, height: 800 });
  await saveElementScreenshot(
    ownerTab.page.getByTestId('wallets-section'),
    'wallets-public-narrow',
  );
  await ownerTab.page.setViewportSize({ width: 1280, height: 800 });

  // Before any script has run, the profile is in the page the server sent (its first paint,
  // filled by server/src/profiles/profile-first-paint.ts); the app then draws it in the same boxes.
  {
    const early = await browser.open({ accountIndex: 19, blank: true });
    const held: Route[] = [];
    let holding = true;
    await early.page.route(ANY_SCRIPT, (route) => (holding ? held.push(route) : route.continue()));
    await early.page.goto(`/u/${owner.address}`, { waitUntil: 'commit' });
    const heading = early.page.getByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await heading.waitFor();
    const avatarImage = early.page.locator('.public-header img.avatar');
    await expect
      .poll(() => avatarImage.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await early.page.getByText('Analyst of engines.', { exact: false }).waitFor();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    const boxes = async () => ({
      heading: await heading.boundingBox(),
      avatar: await avatarImage.boundingBox(),
    });
    const fromHtml = await boxes();
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    // The app has rendered: the proofs are its own, never in the first paint.
    await early.page.getByTestId('proof-card').first().waitFor();
    expect(await boxes()).toEqual(fromHtml);
  }

  // A visitor, not signed in nor connected, in another browser context.
  const visitorTab = await browser.open({ accountIndex: 19, path: `/u/${owner.address}` });
  const { page } = visitorTab;
  const visitorApp = new SigilApp(page);
  await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
  const cards = page.getByTestId('proof-card');
  await expect.poll(() => cards.count()).toBe(1);
  await expect.poll(() => cards.first().getAttribute('data-verdict')).toBe('verified');
  expect(await cards.first().getByTestId('proof-verdict').textContent()).toContain(
    'Verified in your browser',
  );
  const checks = cards.first().getByTestId('proof-check');
  expect(
    await checks.evaluateAll((all) =>
      all.map((item) => [(item as HTMLElement).dataset.check, (item as HTMLElement).dataset.ok]),
    ),
  ).toEqual([
    ['domain', 'true'],
    ['address', 'true'],
    ['chain', 'true'],
    ['issuedAt', 'true'],
    ['signature', 'true'],
  ]);
  await page.locator('.public-header img.avatar').waitFor();

  // Copy proof, then paste it into /verify: checked here, nothing sent to Sigil.
  await visitorTab.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: appUrl,
  });
  await cards.first().getByRole('button', { name: 'Copy proof' }).click();
  await cards.first().getByText('Copied.').waitFor();
  const proof = await page.evaluate(() => navigator.clipboard.readText());
  expect(proof).toMatch(/\n\nSignature: 0x[0-9a-f]{130}$/);
  await page.getByRole('link', { name: 'Verify', exact: true }).click();
  await page.getByLabel('Message').waitFor();
  const requests = recordGraphqlRequests(page);
  await page.getByLabel('Message').fill(proof);
  await expect.poll(() => page.getByTestId('signer-verdict').getAttribute('data-ok')).toBe('true');
  expect(await page.getByTestId('signer-verdict').textContent()).toContain(owner.address);
  expect(requests).toEqual([]);

  // The visitor signs in and tips 0.01 ETH on the local chain; blocks are mined by hand
  // meanwhile, so "pending" is a state the test waits for, not a race it hopes to win.
  await page.goBack();
  await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
  await visitorApp.connectAndSignIn();
  const tipPanel = page.getByTestId('tip-panel');
  await tipPanel.getByLabel(/Amount in ETH/).fill('0.01');
  // On another enabled network, the panel says so and offers the switch before any wallet prompt.
  await visitorTab.wallet.switchChain(chains[1]?.id ?? 11155111);
  const wrongNetwork = tipPanel.getByTestId('tip-wrong-network');
  await wrongNetwork.waitFor();
  expect(await tipPanel.getByRole('button', { name: 'Send tip' }).isDisabled()).toBe(true);
  await wrongNetwork.getByRole('button', { name: `Switch to Hardhat` }).click();
  await wrongNetwork.waitFor({ state: 'detached' });
  await jsonRpc(localChain.rpcUrl, 'evm_setAutomine', [false]);
  try {
    await tipPanel.getByRole('button', { name: 'Send tip' }).click();
    const status = tipPanel.getByTestId('tip-status');
    await expect.poll(() => status.getAttribute('data-status')).toBe('pending');
    await page.getByTestId('rk-account-button').click();
    await visitorApp.expectDialogText('Recent Transactions');
    const description = 'Tip of 0.01 ETH to Ada Lovelace';
    await visitorApp.expectDialogText(description);
    await visitorApp.expectDialogText('Pending');
    await saveScreenshot(page, 'tip-pending');
    await jsonRpc(localChain.rpcUrl, 'evm_mine');
    await visitorApp.expectDialogText('Confirmed');
    await saveScreenshot(page, 'tip');
    await page.keyboard.press('Escape');
    await expect.poll(() => status.getAttribute('data-status')).toBe('confirmed');
  } finally {
    await jsonRpc(localChain.rpcUrl, 'evm_setAutomine', [true]);
  }
  const balance = BigInt(
    (await jsonRpc(localChain.rpcUrl, 'eth_getBalance', [owner.address, 'latest'])) as string,
  );
  expect(formatEther(balance)).toBe(formatEther(parseEther('0.01')));
  await saveScreenshot(page, 'public-profile', { fullPage: true });
  // Checked by eye: 360 px wide and dark.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, 'public-profile-narrow-dark', { fullPage: true });
});

it('shows a clear not-found page for an address without a public profile, and for one that is not an address', async () => {
  const { page } = await browser.open({
    accountIndex: 0,
    account: privateKeyToAccount(generatePrivateKey()),
    path: `/u/${privateKeyToAccount(generatePrivateKey()).address}`,
  });
  await page.getByTestId('profile-not-found').waitFor();
  await page.goto('/u/not-an-address');
  await page.getByTestId('profile-not-found').waitFor();
});
