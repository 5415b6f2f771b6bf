import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { failureBound } from '../../testing/failure-bound.js';
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
    .poll(() => page.evaluate(() => document.documentElement.lang), {
      timeout: failureBound(30_000),
    })
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

// docs/translations.md: the wallet dialog is in the language chosen last. RainbowKit loads a
// language's words with a dynamic import; here the Chinese words are held back until English
// has been chosen, the way a phone's slow network holds them, and then let through.
it('keeps the wallet dialog in the language chosen last when an earlier choice arrives late', async () => {
  const { page } = await browser.open({ accountIndex: 1, account });
  const app = new SigilApp(page);
  await app.waitUntilSettled();
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested: (url: string) => void = () => {};
  const chineseRequested = new Promise<string>((resolve) => {
    requested = resolve;
  });
  await page.route(/\/zh_TW-[^/]*\.js$/, async (route) => {
    requested(route.request().url());
    await released;
    await route.continue();
  });
  const menu = page.getByTestId('language-menu');
  await menu.selectOption('zh-TW');
  const chineseUrl = await chineseRequested;
  await menu.selectOption('en-US');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');
  release();
  // The late module has run, and every promise continuation after it (RainbowKit's included)
  // with it, once the page's own import of the same module has resolved and a frame has begun
  // (microtasks drain before it); the dialog opened after that renders the current language.
  // (A string, so that Vitest leaves this `import()` as the browser's own.)
  await page.evaluate(`(async () => {
    await import(${JSON.stringify(chineseUrl)});
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  })()`);
  await app.openConnectModal();
  await app.expectDialogText('What is a Wallet?');
  expect(await app.dialog.getByText('什麼是錢包？').count()).toBe(0);
  // The late words were kept: choosing Chinese again shows them at once.
  await page.keyboard.press('Escape');
  await menu.selectOption('zh-TW');
  await app.openConnectModal();
  await app.expectDialogText('什麼是錢包？');
});
