import { LANGUAGE_TAGS } from '@sigil/locales';
import type { Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { catalogueText } from './harness/catalogue-text.js';
import { runAxe } from './harness/run-axe.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

// A key of this file's own, made an administrator by its server (docs/administration.md):
// i18n.e2e.test.ts checks the pages reachable without a session, this file the others.
const administrator = privateKeyToAccount(generatePrivateKey());
const browser = setUpSigilBrowser({ serverEnv: { ADMIN_ADDRESSES: administrator.address } });

const VIEWPORTS = [
  { width: 360, height: 760 },
  { width: 1280, height: 800 },
];

/** A page to check, and what shows once its data is in (never a "Loading…" placeholder). */
type Checked = { path: string; ready: (page: Page, locale: string) => Promise<void> };

const rows = (page: Page) => page.getByTestId('admin-row');

it('axe-core finds no violation on the signed-in pages and the console, in English and Arabic, light and dark, at 360 px and on a desktop', async () => {
  const { page } = await browser.open({
    accountIndex: 26,
    account: administrator,
    path: '/account',
  });
  const app = new SigilApp(page);
  await app.connectAndSignIn();
  await app.expectAccountPage(administrator.address);

  // A public profile with a name and the wallet published with its proof.
  const profile = page.getByTestId('profile-section');
  await profile.getByLabel('Display name', { exact: true }).fill('Grace Hopper');
  await profile.getByRole('checkbox', { name: 'Make my profile public' }).check();
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await profile.getByText('Saved.').waitFor();
  const toggle = page.getByTestId('wallet-public-toggle');
  await toggle.check();
  await expect.poll(() => toggle.isChecked()).toBe(true);
  await expect.poll(() => toggle.isEnabled()).toBe(true);

  // The administrator's own account in the console, for the account view.
  await page.goto('/admin/accounts');
  await page.getByRole('searchbox', { name: 'Search' }).fill(administrator.address);
  await expect.poll(() => rows(page).count()).toBe(1);
  const accountHref = await rows(page).first().getByRole('link').getAttribute('href');
  expect(accountHref).toMatch(/^\/admin\/accounts\/[^/]+$/);

  const pages: Checked[] = [
    {
      path: '/account',
      ready: () => app.expectAccountPage(administrator.address),
    },
    {
      path: `/u/${administrator.address}`,
      ready: async () => {
        const card = page.getByTestId('proof-card');
        await expect.poll(() => card.first().getAttribute('data-verdict')).toBe('verified');
      },
    },
    {
      path: '/admin',
      ready: async () => {
        await expect.poll(() => page.getByTestId('admin-figure').count()).toBe(4);
        await page.locator('.admin-chart-canvas canvas').first().waitFor();
      },
    },
    {
      path: '/admin/accounts',
      ready: async () => {
        await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(1);
      },
    },
    {
      path: accountHref ?? '',
      ready: async () => {
        await page.getByTestId('admin-account-id').waitFor();
      },
    },
    {
      path: '/admin/audit-log',
      ready: async () => {
        await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(1);
      },
    },
    {
      path: '/admin/webhooks',
      ready: async (_, locale) => {
        // No endpoint is configured: the table says so once the answer is in.
        await page
          .locator('td.admin-table-empty', {
            hasText: catalogueText(locale, 'No deliveries.', 'admin'),
          })
          .waitFor();
      },
    },
  ];

  const found: string[] = [];
  for (const locale of ['en-US', 'ar-AR'] as const) {
    // The language menu's remembered choice (docs/translations.md), read at the next load.
    await page.evaluate((chosen) => localStorage.setItem('sigil.locale', chosen), locale);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        for (const checked of pages) {
          await page.goto(checked.path);
          await app.waitUntilSettled();
          await app.expectAuthStatus('authenticated');
          await expect
            .poll(() => page.evaluate(() => document.documentElement.lang))
            .toBe(LANGUAGE_TAGS[locale]);
          await page.locator('main h1').first().waitFor();
          await checked.ready(page, locale);
          // The header's chain button settled to its icon: until RainbowKit knows the connected
          // chain's icon it shows the chain's name or id as text (app/app-layout.tsx).
          await expect
            .poll(() =>
              page.getByTestId('rk-chain-button').evaluateAll((buttons) =>
                // biome-ignore lint/performance/useDomNodeTextContent: the text shown, not the text hidden by RainbowKit's CSS.
                buttons.map((button) => (button as HTMLElement).innerText),
              ),
            )
            .toEqual(['']);
          for (const violation of await runAxe(page)) {
            found.push(
              `${checked.path} in ${locale}, ${colorScheme}, at ${viewport.width} px: ${violation.id} (${violation.help}) on ${violation.targets.join(', ')}`,
            );
          }
        }
      }
    }
  }
  expect(found).toEqual([]);
  // 56 page loads, each checked by axe: a failure bound only, on a busy machine.
}, 600_000);
