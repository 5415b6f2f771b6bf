import { parseEther, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { graphqlRequest } from '../../testing/graphql-client.js';
import { jsonRpc } from '../../testing/json-rpc.js';
import { cookieHeader } from './harness/query-me.js';
import { saveElementScreenshot } from './harness/save-screenshot.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

// A key of this file's own: the rules below name its address, and no other test touches it.
const account = privateKeyToAccount(generatePrivateKey());

// docs/access.md: an allowlist naming the wallet (no chain read), and a native balance on the
// primary chain that a fresh account lacks until the test gives it some.
const browser = setUpSigilBrowser({
  serverEnv: {
    ACCESS_RULES: JSON.stringify([
      {
        role: 'friend',
        description: 'On the friends list',
        any: [{ type: 'allowlist', addresses: [account.address] }],
      },
      {
        role: 'holder',
        description: 'Holds at least 1 ETH on Hardhat',
        any: [{ type: 'native', chainId: 31337, minBalance: parseEther('1').toString() }],
      },
    ]),
  },
});

async function setBalance(ether: string) {
  const primary = browser.environment.chains[0];
  if (!primary) throw new Error('the e2e environment has a primary chain');
  await jsonRpc(primary.rpcUrl, 'hardhat_setBalance', [account.address, toHex(parseEther(ether))]);
}

it('shows the roles the wallet earns, and follows a balance change live and on "Check again"', async () => {
  const { page, context } = await browser.open({ accountIndex: 0, account, path: '/account' });
  // This file's own server: its URL is known once the suite has started it.
  const { appUrl } = browser.environment;
  const app = new SigilApp(page);
  await app.connectAndSignIn();
  await app.expectAccountPage(account.address);

  const section = page.getByRole('region', { name: 'Access' });
  const rule = (role: string) =>
    section.locator(`[data-testid="access-rule"][data-role="${role}"]`);
  const verdict = (role: string) => rule(role).getByText(/^(Granted|Not granted)$/);
  await expect.poll(() => verdict('friend').textContent()).toBe('Granted');
  expect(await rule('friend').getByTestId('requirement').textContent()).toContain('On the list');
  expect(await verdict('holder').textContent()).toBe('Not granted');
  expect(await rule('holder').getByTestId('requirement').textContent()).toContain(
    '0 of 1 ETH — 1 more needed',
  );
  await expect
    .poll(() => section.getByTestId('access-checked-at').textContent())
    .toMatch(/^Checked (just now|\d+ minutes? ago)\.$/);

  // docs/access.md shows this section, one role held and one not; light, dark and 360 px
  // wide are checked by eye from these.
  await saveElementScreenshot(section, 'access');
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveElementScreenshot(section, 'access-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 360, height: 800 });
  await saveElementScreenshot(section, 'access-narrow');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Another client asks for a check after the balance arrives: ROLES_CHANGED updates this page.
  await setBalance('2');
  const refreshed = await graphqlRequest<{ refreshAccess: { rules: { granted: boolean }[] } }>({
    url: appUrl,
    query: 'mutation RefreshAccess { refreshAccess { rules { granted } } }',
    origin: appUrl,
    cookie: await cookieHeader(context, appUrl),
  });
  expect(refreshed.errors).toBeUndefined();
  expect(refreshed.data?.refreshAccess.rules.map((item) => item.granted)).toEqual([true, true]);
  await expect.poll(() => verdict('holder').textContent()).toBe('Granted');
  expect(await rule('holder').getByTestId('requirement').textContent()).toContain(
    '2 ETH held, at least 1 needed',
  );

  // The balance leaves; "Check again" reads the chain now and the role goes.
  await setBalance('0');
  await section.getByRole('button', { name: 'Check again' }).click();
  await expect.poll(() => verdict('holder').textContent()).toBe('Not granted');
  expect(await verdict('friend').textContent()).toBe('Granted');
  await expect
    .poll(() => section.getByRole('button', { name: 'Check again' }).isEnabled())
    .toBe(true);
});
