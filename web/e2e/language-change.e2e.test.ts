import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

const account = privateKeyToAccount(generatePrivateKey());
const browser = setUpSigilBrowser({});

// docs/translations.md: a choice in the language menu applies at once. It must change words
// only: the header (and the wallet stack around it) is the same element before and after, the
// wallet stays connected on its chain and the session signed in.
it('changes the language without a reload and keeps the wallet and the session as they were', async () => {
  const { page } = await browser.open({ accountIndex: 0, account, path: '/account' });
  const app = new SigilApp(page);
  await app.connectAndSignIn();
  await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
  expect(await page.getByTestId('wrong-network').count()).toBe(0);
  await page.evaluate(() => {
    (window as unknown as { headerBefore: Element | null }).headerBefore =
      document.querySelector('.app-header');
  });
  await page.getByTestId('language-menu').selectOption('de-DE');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 30_000 })
    .toBe('de');
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { headerBefore: Element | null }).headerBefore ===
        document.querySelector('.app-header'),
    ),
  ).toBe(true);
  expect(await page.getByTestId('wrong-network').count()).toBe(0);
  expect(await page.getByTestId('language-menu').inputValue()).toBe('de-DE');
});
