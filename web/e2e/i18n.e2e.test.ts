import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TestWallet } from '../../testing/test-wallet/test-wallet.js';
import { catalogueText, rainbowKitWords } from './harness/catalogue-text.js';
import { runAxe } from './harness/run-axe.js';
import { saveScreenshot } from './harness/save-screenshot.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

const browser = setUpSigilBrowser();

const HOME_HEADING = 'Your wallet is your sign-in';
const PHONE = { width: 360, height: 760 };

/** `<html lang dir>` as the page has them now. */
function documentLocale(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
  }));
}

/** The text RainbowKit's catalogue has at `path` ("connect.title"). */
function pick(words: Record<string, unknown>, path: string): string {
  const value = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], words);
  if (typeof value !== 'string') throw new Error(`RainbowKit has no ${path}`);
  return value;
}

/**
 * A first visit in a browser whose language is `browserLocale`: the page, the
 * language menu and RainbowKit's dialog in `locale`, with `<html lang dir>`;
 * screenshots at 360 px (looked at: docs/translations.md).
 */
async function checkLocale(
  browserLocale: string,
  locale: string,
  { lang, dir }: { lang: string; dir: 'ltr' | 'rtl' },
  rainbowKitLocale: string,
  accountIndex: number,
) {
  const { page } = await browser.open({ accountIndex, locale: browserLocale, blank: true });
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const app = new SigilApp(page);
  await page
    .getByRole('heading', { level: 1, name: catalogueText(locale, HOME_HEADING) })
    .waitFor();
  expect(await documentLocale(page)).toEqual({ lang, dir });
  const menu = page.getByRole('combobox', { name: catalogueText(locale, 'Language') });
  expect(await menu.inputValue()).toBe(locale);
  expect(await page.getByRole('link', { name: catalogueText(locale, 'Verify') }).count()).toBe(1);
  await app.waitUntilSettled();
  await saveScreenshot(page, `i18n-${locale}-home-360`);

  const words = await rainbowKitWords(rainbowKitLocale);
  await page
    .getByRole('button', { name: pick(words, 'connect_wallet.label') })
    .first()
    .click();
  await app.dialog.getByText(pick(words, 'connect.title')).waitFor();
  await saveScreenshot(page, `i18n-${locale}-dialog-360`);
}

describe("the visitor's language", () => {
  it("speaks Japanese to a browser whose language is Japanese: the page, the menu and RainbowKit's dialog", async () => {
    await checkLocale('ja', 'ja-JP', { lang: 'ja', dir: 'ltr' }, 'ja_JP', 20);
  });

  // The page is `ar`, Arabic, whatever RainbowKit calls its locale (`ar-AR` would be Arabic
  // as used in Argentina).
  it('lays Arabic out right to left, and RainbowKit speaks Arabic too', async () => {
    await checkLocale('ar-EG', 'ar-AR', { lang: 'ar', dir: 'rtl' }, 'ar_AR', 21);
  });

  it('gives English to a browser whose language Sigil does not support', async () => {
    const { page } = await browser.open({ accountIndex: 22, locale: 'nl-NL' });
    await page.getByRole('heading', { level: 1, name: HOME_HEADING }).waitFor();
    expect(await documentLocale(page)).toEqual({ lang: 'en-US', dir: 'ltr' });
    expect(await page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('en-US');
  });

  it('changes the language at once from the menu, and remembers it across a reload', async () => {
    const { page } = await browser.open({ accountIndex: 23 });
    await page.getByRole('heading', { level: 1, name: HOME_HEADING }).waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'العربية' });
    const arabicHeading = page.getByRole('heading', {
      level: 1,
      name: catalogueText('ar-AR', HOME_HEADING),
    });
    await arabicHeading.waitFor();
    expect(await documentLocale(page)).toEqual({ lang: 'ar', dir: 'rtl' });

    await page.reload();
    await arabicHeading.waitFor();
    expect(await documentLocale(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    // The remembered choice outranks the browser's own language (en-US here).
    expect(
      await page.getByRole('combobox', { name: catalogueText('ar-AR', 'Language') }).inputValue(),
    ).toBe('ar-AR');
  });
});

/** Pages a visitor reaches without a session: every one of them is checked. */
const PAGES = [
  '/',
  '/verify',
  '/account',
  '/u/0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '/no-such-page',
];

describe('axe-core', () => {
  it('reports what it is asked to find (an image without a text alternative)', async () => {
    const { page } = await browser.open({ accountIndex: 24 });
    await page.getByRole('heading', { level: 1, name: HOME_HEADING }).waitFor();
    await new SigilApp(page).waitUntilSettled();
    // Outside React's root: the app replacing the first paint's <main> cannot take it away.
    await page.evaluate(() => {
      const image = Object.assign(document.createElement('img'), {
        src: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
        width: 20,
        height: 20,
      });
      document.body.append(image);
    });
    expect((await runAxe(page)).map((violation) => violation.id)).toContain('image-alt');
  });

  for (const locale of ['en-US', 'ar-AR']) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`finds no violation on any page in ${locale}, ${colorScheme}, at 360 px and on a desktop`, async () => {
        const { page } = await browser.open({ accountIndex: 24, locale, colorScheme, blank: true });
        const app = new SigilApp(page);
        const found: string[] = [];
        for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
          await page.setViewportSize(viewport);
          for (const path of PAGES) {
            await page.goto(path);
            await app.waitUntilSettled();
            await page.locator('main h1').first().waitFor();
            for (const violation of await runAxe(page)) {
              found.push(
                `${path} at ${viewport.width} px: ${violation.id} (${violation.help}) on ${violation.targets.join(', ')}`,
              );
            }
          }
        }
        expect(found).toEqual([]);
      });

      it(`finds no violation in the early wallet list in ${locale}, ${colorScheme}, at 360 px and on a desktop`, async () => {
        const { page } = await browser.open({ accountIndex: 24, locale, colorScheme, blank: true });
        // The wallet stack never arrives: the list the entry opens stays on screen.
        await page.route(/\/assets\/stack-(app|vendor)-[\w-]+\.js$/, () => {});
        const found: string[] = [];
        for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
          await page.setViewportSize(viewport);
          await page.goto('/');
          await page.getByTestId('connect-placeholder').click();
          await page.getByTestId(`early-wallet-option-${TestWallet.info.rdns}`).click();
          await page
            .getByTestId('early-wallet-list')
            .getByRole('status')
            .filter({ hasText: TestWallet.info.name })
            .waitFor();
          await saveScreenshot(
            page,
            `i18n-${locale}-${colorScheme}-early-wallet-list-${viewport.width}`,
          );
          for (const violation of await runAxe(page)) {
            found.push(
              `at ${viewport.width} px: ${violation.id} (${violation.help}) on ${violation.targets.join(', ')}`,
            );
          }
        }
        expect(found).toEqual([]);
      });
    }
  }
});
