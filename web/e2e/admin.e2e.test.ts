import { type Locale, SUPPORTED_LOCALES } from '@sigil/locales';
import type { Locator, Page } from 'playwright-core';
import { parseEther, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { failureBound } from '../../testing/failure-bound.js';
import { jsonRpc } from '../../testing/json-rpc.js';
import { catalogueText } from './harness/catalogue-text.js';
import { inFontFamily } from './harness/in-font-family.js';
import { saveScreenshot } from './harness/save-screenshot.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

// Keys of this file's own: its server makes `administrator` an administrator, and no other
// test touches the accounts it suspends.
const administrator = privateKeyToAccount(generatePrivateKey());
const member = privateKeyToAccount(generatePrivateKey());
const outsider = privateKeyToAccount(generatePrivateKey());

// docs/administration.md: ADMIN_ADDRESSES gives its wallets' accounts `admin`. One webhook
// endpoint where nothing listens (the discard port), tried twice a second apart: a suspension's
// message is FAILED within seconds, for the deliveries view (docs/webhooks.md).
const browser = setUpSigilBrowser({
  serverEnv: {
    ADMIN_ADDRESSES: administrator.address,
    WEBHOOKS: JSON.stringify([
      {
        id: 'crm',
        url: 'http://127.0.0.1:9/hooks/sigil',
        secret: `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`,
        events: ['account.suspended'],
      },
    ]),
    WEBHOOK_RETRY_DELAYS: '1s',
  },
});

const REASON = 'Posted phishing links in the profile';

/** `0x1234…abcd`, as the console shows a wallet where room is short. */
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/**
 * The page at 1280 and 360 px wide, light and dark, as `screenshots/admin-<name>[-dark][-narrow].png`;
 * `atNarrow` checks what must hold at 360 px.
 */
async function screenshots(page: Page, name: string, atNarrow?: () => Promise<void>) {
  await saveScreenshot(page, `admin-${name}`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, `admin-${name}-dark`);
  await page.setViewportSize({ width: 360, height: 800 });
  // docs/web-app.md: at 360 px the page never scrolls sideways, whatever the font: a table
  // scrolls in its own box and words wrap. DejaVu Sans, many Linux machines' only sans-serif
  // without Noto, sets text wider than Noto Sans.
  const pageWidth = () =>
    page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);
  expect(await pageWidth()).toBeLessThanOrEqual(360);
  const widthInDejaVu = await inFontFamily(page, 'DejaVu Sans', async () => {
    await saveScreenshot(page, `admin-${name}-dark-narrow-dejavu`);
    return pageWidth();
  });
  expect(widthInDejaVu, 'in DejaVu Sans').toBeLessThanOrEqual(360);
  await atNarrow?.();
  // The whole page: on a phone it is long, and what is below the fold matters too.
  await saveScreenshot(page, `admin-${name}-dark-narrow`, { fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await saveScreenshot(page, `admin-${name}-narrow`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

it('shows a signed-in account without `admin` only "Not allowed"', async () => {
  const { page } = await browser.open({ accountIndex: 0, account: outsider, path: '/admin' });
  const refusedGates: string[] = [];
  page.on('response', async (response) => {
    const request = response.request();
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    if ((request.postDataJSON() as { operationName?: string }).operationName !== 'AdminGate')
      return;
    const body = await response.text();
    if (body.includes('FORBIDDEN')) refusedGates.push(body);
  });
  const app = new SigilApp(page);
  // Not signed in: the console asks for that first.
  await page.getByRole('button', { name: 'Connect and sign in' }).waitFor();
  await app.connectAndSignIn();
  await page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
  expect(await page.getByRole('navigation', { name: 'Administration' }).count()).toBe(0);
  expect(await page.getByRole('table').count()).toBe(0);
  // Elsewhere, only the header asks the console's gate: refused, it shows no link.
  const refusedBefore = refusedGates.length;
  await page.goto('/account');
  // A page load on a busy machine: the bound is only a failure bound.
  await expect
    .poll(() => refusedGates.length, { timeout: failureBound(30_000) })
    .toBeGreaterThan(refusedBefore);
  const main = page.getByRole('navigation', { name: 'Main' });
  await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
  expect(await main.getByRole('link', { name: 'Console' }).count()).toBe(0);
});

it('lets an administrator find an account, suspend it with a reason and see that in the audit log; the suspended person is told why at sign-in', async () => {
  // The account to suspend exists once it has signed in.
  const memberTab = await browser.open({ accountIndex: 1, account: member });
  await new SigilApp(memberTab.page).connectAndSignIn();

  const { page } = await browser.open({ accountIndex: 2, account: administrator, path: '/admin' });
  const app = new SigilApp(page);
  await app.connectAndSignIn();

  // Overview: the four figures, and the chart with its text alternative.
  const figures = page.getByTestId('admin-figure');
  await expect.poll(() => figures.count()).toBe(4);
  const accounts = Number((await figures.first().locator('dd').textContent())?.replace(/,/g, ''));
  expect(accounts).toBeGreaterThanOrEqual(2);
  await expect.poll(() => figures.nth(1).locator('dt').textContent()).toBe('Active sessions');
  expect(await page.getByTestId('chart-table').locator('tbody tr').count()).toBe(30);
  await page.locator('.admin-chart-canvas canvas').first().waitFor();
  // An administrator has the console in the header's navigation.
  const consoleLink = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Console' });
  expect(await consoleLink.getAttribute('href')).toBe('/admin');
  await screenshots(page, 'overview');

  // Accounts: a search by the start of the member's address finds it alone.
  const nav = page.getByRole('navigation', { name: 'Administration' });
  await nav.getByRole('link', { name: 'Accounts' }).click();
  await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
  await expect.poll(() => page.getByTestId('admin-row').count()).toBeGreaterThanOrEqual(2);
  await page.getByRole('searchbox', { name: 'Search' }).fill(member.address.slice(0, 12));
  const rows = page.getByTestId('admin-row');
  await expect.poll(() => rows.count()).toBe(1);
  await rows.first().getByTitle(member.address).waitFor();
  await screenshots(page, 'accounts', async () => {
    // At 360 px the tabs stay on one line (scrolling sideways in their own box), and the
    // accounts table keeps every column: it scrolls in its own labelled region.
    const tabTops = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));
    expect(new Set(tabTops).size).toBe(1);
    // The table's own scrolling box (the page's section is named "Accounts" too).
    const region = page.getByRole('table', { name: 'Accounts' }).locator('xpath=..');
    expect(await region.getAttribute('aria-label')).toBe('Accounts');
    expect(await region.getByRole('columnheader').allTextContents()).toEqual([
      'Id',
      'Primary address',
      'Display name',
      'Created',
      'Roles',
      'Suspended',
    ]);
    const { scrollWidth, tableWidth } = await region.evaluate((box) => ({
      scrollWidth: box.scrollWidth,
      tableWidth: box.querySelector('table')?.getBoundingClientRect().width ?? 0,
    }));
    expect(scrollWidth).toBeGreaterThanOrEqual(Math.floor(tableWidth));
  });

  // The account: suspend it, with a reason; the dialog will not go without one.
  await rows.first().getByRole('link').click();
  await page.getByRole('heading', { level: 1, name: short(member.address) }).waitFor();
  const memberId = (await page.getByTestId('admin-account-id').textContent()) ?? '';
  expect(memberId).not.toBe('');
  await page.getByRole('button', { name: 'Suspend', exact: true }).click();
  const dialog = page.getByTestId('suspend-dialog');
  await dialog.getByRole('button', { name: 'Suspend account' }).click();
  await dialog.getByText(/^Give a reason/).waitFor();
  await dialog.getByLabel('Reason (required)').fill(REASON);
  await screenshots(page, 'suspend');
  // Escape closes it without suspending, and focus goes back to "Suspend".
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.isVisible()).toBe(false);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Suspend');
  await page.keyboard.press('Enter');
  await dialog.getByLabel('Reason (required)').fill(REASON);
  await dialog.getByRole('button', { name: 'Suspend account' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  const suspension = page.getByTestId('admin-suspension');
  await expect.poll(() => suspension.textContent()).toContain('until an administrator lifts it');
  expect(await suspension.textContent()).toContain(`Reason: “${REASON}”`);

  // Suspending yourself is refused, in the server's words.
  await page.goto('/admin/accounts');
  await page.getByRole('searchbox', { name: 'Search' }).fill(administrator.address);
  await expect.poll(() => rows.count()).toBe(1);
  await rows.first().getByRole('link').click();
  await page.getByRole('button', { name: 'Suspend', exact: true }).click();
  await dialog.getByLabel('Reason (required)').fill('Testing');
  await dialog.getByRole('button', { name: 'Suspend account' }).click();
  expect(await dialog.getByRole('alert').textContent()).toBe(
    'An administrator cannot suspend their own account.',
  );
  await page.keyboard.press('Escape');

  // The audit log has it, by the administrator, about the member.
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
  await page.getByRole('combobox', { name: 'Action' }).selectOption('account_suspended');
  await expect.poll(() => rows.count()).toBe(1);
  const event = rows.first();
  // The action in words, the detail as labelled fields, the device from the user agent.
  expect(await event.getByRole('cell').nth(1).textContent()).toBe('Account suspended');
  await event.getByTitle(memberId).waitFor();
  const detail = await event
    .getByRole('term')
    .evaluateAll((terms) =>
      terms.map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
    );
  expect(detail).toEqual(
    expect.arrayContaining([`Reason: “${REASON}”`, 'Until: An administrator lifts it']),
  );
  expect(detail.find((line) => line.startsWith('Sessions ended: '))).toMatch(
    /^Sessions ended: \d+/,
  );
  const device = event.getByRole('cell').nth(6);
  expect(await device.textContent()).toMatch(/^[\w ]+ on Linux$/);
  expect(await device.locator('span').getAttribute('title')).toMatch(/^Mozilla\/5\.0 /);
  await screenshots(page, 'audit-log');

  // In Arabic (chosen, remembered, then the page loaded in it) the console is laid out right
  // to left, its dates in Arabic's own forms, and at 360 px the page still does not scroll
  // sideways: its tables and tabs scroll in their own boxes.
  await page.getByTestId('language-menu').selectOption('ar-AR');
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dir), {
      timeout: failureBound(30_000),
    })
    .toBe('rtl');
  const firstTime = rows.first().locator('time').first();
  const at = await firstTime.getAttribute('datetime');
  expect(await firstTime.textContent()).toBe(
    await page.evaluate(
      (instant) =>
        new Intl.DateTimeFormat('ar-AR', { dateStyle: 'medium', timeStyle: 'short' }).format(
          Date.parse(instant ?? ''),
        ),
      at,
    ),
  );
  await screenshots(page, 'audit-log-ar');
  await page.getByTestId('language-menu').selectOption('en-US');
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
  await page.getByRole('combobox', { name: 'Action' }).selectOption('account_suspended');
  await expect.poll(() => rows.count()).toBe(1);

  // Its export, today only, as the browser downloads it with the administrator's cookie.
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  const href = await page.getByRole('link', { name: 'Export (JSON Lines)' }).getAttribute('href');
  expect(href).toMatch(/^\/admin\/audit-log\.jsonl\?since=.+&until=.+$/);
  const exported = await page.request.get(href ?? '');
  expect(exported.status()).toBe(200);
  const lines = (await exported.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { action: string; accountId: string | null });
  expect(lines).toContainEqual(
    expect.objectContaining({ action: 'account_suspended', accountId: memberId }),
  );

  // The suspension's webhook message failed (nothing listens); it can be sent again.
  await nav.getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('heading', { level: 1, name: 'Webhook deliveries' }).waitFor();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('FAILED');
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return rows.count();
      },
      { timeout: failureBound(30_000), interval: 1_000 },
    )
    .toBe(1);
  const failed = rows.first();
  expect(
    await failed.getByRole('cell').evaluateAll((cells) => cells.map((cell) => cell.textContent)),
  ).toEqual(expect.arrayContaining(['crm', 'account.suspended', 'Failed', '2', '—']));
  await failed.getByRole('button', { name: 'Resend account.suspended to crm' }).click();
  await expect
    .poll(() => page.getByTestId('resend-outcome').textContent())
    .toBe('account.suspended to crm is queued again.');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('');
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
  await screenshots(page, 'webhooks');

  // The member, signing in again, is told the account is suspended, why, and until when.
  const again = await browser.open({ accountIndex: 1, account: member });
  const memberApp = new SigilApp(again.page);
  await memberApp.connect();
  await memberApp.signMessage();
  const notice = again.page.getByTestId('suspended-notice');
  await expect
    .poll(() => notice.textContent())
    .toContain('This account is suspended until an administrator lifts it.');
  expect(await notice.textContent()).toContain(`Reason: ${REASON}`);
  await memberApp.expectAuthStatus('unauthenticated');
  await saveScreenshot(again.page, 'admin-suspended-sign-in');
});

it("shows a sign-in's detail in words only, and the audit log fits a 1280 px screen", async () => {
  const { page } = await browser.open({
    accountIndex: 2,
    account: administrator,
    path: '/admin/audit-log',
  });
  await new SigilApp(page).connectAndSignIn();
  await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
  await page.getByRole('combobox', { name: 'Action' }).selectOption('sign_in');
  const rows = page.getByTestId('admin-row');
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(1);
  const detail = await rows
    .first()
    .getByRole('term')
    .evaluateAll((terms) =>
      terms.map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
    );
  // The chain once, by its name; not again beside it as the stored keys (docs/administration.md).
  expect(detail.filter((line) => line.startsWith('Chain: '))).toEqual([
    expect.stringMatching(/^Chain: [A-Z]\w+ \(\d+\)$/),
  ]);
  expect(detail.filter((line) => /^(namespace|chain|caip10): /.test(line))).toEqual([]);
  // Every column in view, the detail's text whole: the table does not scroll sideways.
  const table = page.getByRole('group', { name: 'Audit events' });
  const { scrollWidth, clientWidth } = await table.evaluate((box) => ({
    scrollWidth: box.scrollWidth,
    clientWidth: box.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await saveScreenshot(page, 'admin-audit-log-sign-in');
});

it('keeps the header on one row at 1280 px: signed out, as an administrator with a balance, and signed out with the wallet connected', async () => {
  // A balance as wide as a real one: RainbowKit shows it beside the address from 768 px.
  const [primary] = browser.environment.chains;
  if (!primary) throw new Error('the e2e set-up enables no chain');
  await jsonRpc(primary.rpcUrl, 'hardhat_setBalance', [
    administrator.address,
    toHex(parseEther('12345.6789')),
  ]);
  const { page } = await browser.open({ accountIndex: 2, account: administrator });
  const app = new SigilApp(page);
  /** The parts of the header (brand, navigation, language, wallet) off the navigation's line. */
  const offTheNavigationsLine = () =>
    page.locator('.header-row > *').evaluateAll((parts) => {
      const nav = parts.find((part) => part.classList.contains('main-nav'));
      if (!nav) return ['(no navigation)'];
      const line = nav.getBoundingClientRect();
      return parts
        .filter((part) => {
          const box = part.getBoundingClientRect();
          const middle = (box.top + box.bottom) / 2;
          return middle <= line.top || middle >= line.bottom;
        })
        .map((part) => part.className);
    });
  /** One row, in the machine's fonts and in DejaVu Sans, which sets the words wider. */
  const expectOneRow = async (state: string) => {
    expect(await offTheNavigationsLine(), state).toEqual([]);
    expect(await inFontFamily(page, 'DejaVu Sans', offTheNavigationsLine), state).toEqual([]);
    await saveScreenshot(page, `header-${state.replace(/\W+/g, '-')}`);
  };
  /** One row in each language: `shown` is what says the header is in it. */
  const menu = page.getByTestId('language-menu');
  const expectOneRowInEveryLanguage = async (state: string, shown: (locale: Locale) => Locator) => {
    for (const locale of SUPPORTED_LOCALES) {
      await menu.selectOption(locale);
      await shown(locale).waitFor();
      await expectOneRow(`${state} ${locale}`);
    }
    await menu.selectOption('en-US');
  };

  await app.waitUntilSettled();
  // The widest the header is signed out: the Solana button beside Connect.
  await expectOneRowInEveryLanguage('signed out', (locale) =>
    page.getByRole('button', { name: catalogueText(locale, 'Solana wallet') }),
  );
  await app.connectAndSignIn();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Console' })
    .waitFor();
  await expect.poll(() => page.getByTestId('rk-account-button').textContent()).toContain('ETH');
  // The widest the header gets: the console's link and a balance.
  await expectOneRowInEveryLanguage('administrator', (locale) =>
    page
      .getByRole('navigation', { name: catalogueText(locale, 'Main') })
      .getByRole('link', { name: catalogueText(locale, 'Console') }),
  );
  // Signed out, the wallet still connected: the Solana button is back, beside "Sign in".
  await page.getByTestId('sign-out-button').click();
  await app.expectAuthStatus('unauthenticated');
  await page.getByTestId('solana-sign-in').waitFor();
  await expectOneRow('connected');
});
