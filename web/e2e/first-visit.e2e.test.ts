import { basename } from 'node:path';
import type { Locator, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { TestWallet } from '../../testing/test-wallet/test-wallet.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

const browser = setUpSigilBrowser();

/** The wallet stack's two files, which the small entry loads after its paint (web/build/wallet-stack-chunks.ts). */
const STACK_FILE = /\/assets\/stack-(app|vendor)-[\w-]+\.js$/;

/**
 * Opens `/` in a fresh browser with the wallet stack's files held at the
 * network; `release()` lets them through. The page cannot have had the stack
 * until then, so what shows meanwhile came from the entry alone.
 */
async function openHomeWithStackHeld(
  prepare?: (opened: Awaited<ReturnType<typeof browser.open>>) => Promise<void>,
) {
  const opened = await browser.open({ accountIndex: 10, blank: true });
  await prepare?.(opened);
  const { page } = opened;
  const held: Route[] = [];
  await page.route(STACK_FILE, (route) => {
    held.push(route);
  });
  await page.goto('/');
  const release = async () => {
    for (const route of held) await route.continue();
  };
  return { page, app: new SigilApp(page), held, release };
}

it('paints the home page before the wallet stack, and opens the wallet list at once for a click on Connect made meanwhile', async () => {
  const { page, app, held, release } = await openHomeWithStackHeld();
  await page.getByRole('heading', { level: 1, name: 'Your wallet is your sign-in' }).waitFor();
  await page.getByRole('button', { name: 'Get started' }).waitFor();
  // The entry asks for the stack's two files (the bench, not this test, counts what else loads).
  await expect
    .poll(() => held.map((route) => basename(route.request().url()).split('-')[1]).sort())
    .toEqual(['app', 'vendor']);

  const placeholder = page.getByTestId('connect-placeholder');
  await placeholder.click();
  await expect.poll(() => placeholder.getAttribute('aria-busy')).toBe('true');
  // The entry's own wallet list, with the wallet the browser announced (EIP-6963) and the others.
  const early = page.getByRole('dialog', { name: 'Connect a Wallet' });
  await early.getByTestId(`early-wallet-option-${TestWallet.info.rdns}`).waitFor();
  expect(
    await early.getByRole('region', { name: 'Installed' }).getByRole('button').allTextContents(),
  ).toEqual([TestWallet.info.name]);
  await early.getByRole('button', { name: 'MetaMask' }).waitFor();
  expect(await page.getByTestId(/^rk-wallet-option-/).count()).toBe(0);

  await release();
  // The click made before the stack arrived opens RainbowKit's dialog, without another.
  await app.dialog.getByTestId(`rk-wallet-option-${TestWallet.info.rdns}`).waitFor();
  expect(await app.dialog.count()).toBe(1);
  await expect.poll(() => placeholder.count()).toBe(0);
});

it("goes on with the wallet chosen in the early list once RainbowKit's dialog is there", async () => {
  const { page, app, held, release } = await openHomeWithStackHeld();
  await expect.poll(() => held.length).toBe(2);

  await page.getByTestId('connect-placeholder').click();
  const early = page.getByRole('dialog', { name: 'Connect a Wallet' });
  const option = early.getByTestId(`early-wallet-option-${TestWallet.info.rdns}`);
  await option.click();
  await expect.poll(() => option.getAttribute('aria-pressed')).toBe('true');
  expect(await early.getByRole('status').textContent()).toBe(`Opening ${TestWallet.info.name}…`);

  await release();
  // RainbowKit connects the chosen wallet without a second tap and asks for the signature.
  await app.expectSignInViewReady();
  await app.expectConnectionStatus('connected');
  await app.signMessage();
  await app.expectAuthStatus('authenticated', 15_000);
});

it('drops a click on Connect when the early list is closed before the wallet stack arrives', async () => {
  const { page, app, held, release } = await openHomeWithStackHeld();
  await expect.poll(() => held.length).toBe(2);

  const placeholder = page.getByTestId('connect-placeholder');
  await placeholder.click();
  await page.getByRole('dialog', { name: 'Connect a Wallet' }).waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => placeholder.getAttribute('aria-busy')).toBe('false');
  expect(await page.getByRole('dialog').count()).toBe(0);
  // Focus is back on the button that opened the list.
  expect(await placeholder.evaluate((button) => document.activeElement === button)).toBe(true);

  await release();
  await page.getByTestId('rk-connect-button').waitFor();
  await app.waitUntilSettled();
  expect(await app.dialog.count()).toBe(0);
});

/** Where an element is on the page and how big, to the pixel. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not on screen');
  return {
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
}

/** The font an element's text is set in, as computed: the face its width comes from. */
function fontOf(locator: Locator) {
  return locator.evaluate((element) => {
    const { fontFamily, fontWeight, fontSize } = getComputedStyle(element);
    return { fontFamily, fontWeight, fontSize };
  });
}

// Where the page's content starts, at every frame the browser paints (a plain script: no
// test-runner transform reaches it). A frame in between that moved it is a jump a person saw.
const RECORD_CONTENT_TOP = `(() => {
  if (window.top !== window) return;
  const tops = (window.__sigilContentTops = []);
  const frame = () => {
    const main = document.querySelector('main');
    const top = main && Math.round(main.getBoundingClientRect().top);
    if (top !== null && tops.at(-1) !== top) tops.push(top);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

it('keeps the heading and the Connect button where the first paint put them, on a phone', async () => {
  const { page, app, held, release } = await openHomeWithStackHeld(async ({ page, context }) => {
    await context.addInitScript(RECORD_CONTENT_TOP);
    await page.setViewportSize({ width: 390, height: 760 });
  });
  const heading = page.getByRole('heading', { level: 1, name: 'Your wallet is your sign-in' });
  await heading.waitFor();
  await expect.poll(() => held.length).toBe(2);
  const placeholder = page.getByTestId('connect-placeholder');
  const firstPaint = { heading: await boxOf(heading), connect: await boxOf(placeholder) };
  const placeholderFont = await fontOf(placeholder);
  const mainTop = (await boxOf(page.locator('main'))).y;

  await release();
  await app.expectConnectionStatus('disconnected');
  await app.expectAuthStatus('unauthenticated');
  // RainbowKit's button as a person sees it: mounted, and no longer hidden while wagmi
  // reconnects (RainbowKit renders it invisible, aria-hidden, until then).
  const connect = page.getByTestId('rk-connect-button');
  await connect.waitFor();
  await expect
    .poll(() => connect.evaluate((button) => button.closest('[aria-hidden="true"]') === null))
    .toBe(true);
  // The same words in the same face and weight: as wide as the placeholder on any machine's
  // fonts. (RainbowKit's own stack named Helvetica and Arial where the placeholder's names
  // system-ui: a face 21 px narrower on a Linux with Liberation Sans, the same face here.)
  expect(await fontOf(connect)).toEqual(placeholderFont);
  expect({ heading: await boxOf(heading), connect: await boxOf(connect) }).toEqual(firstPaint);
  // Not only the end: no frame on the way (RainbowKit's button renders nothing until it has
  // mounted) moved the content either.
  const tops = await page.evaluate(
    () => (window as unknown as { __sigilContentTops: number[] }).__sigilContentTops,
  );
  expect(tops).toEqual([mainTop]);
});

/** Every script of the build, held at the network: what shows meanwhile is index.html's own. */
const ANY_SCRIPT = /\/assets\/[\w-]+\.js$/;

it("has the page's content in index.html, and opens its early wallet list for a tap on Connect before any script has run", async () => {
  const { page } = await browser.open({ accountIndex: 10, blank: true });
  const held: Route[] = [];
  let holding = true;
  // The wallet stack stays held throughout: what answers after the release is the entry alone.
  await page.route(ANY_SCRIPT, (route) =>
    holding || STACK_FILE.test(route.request().url()) ? held.push(route) : route.continue(),
  );
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Your wallet is your sign-in' }).waitFor();
  await page.getByRole('button', { name: 'Get started' }).waitFor();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  // Nothing of the build has run: no script was let through.
  expect(await page.evaluate(() => document.querySelectorAll('script[type="module"]').length)).toBe(
    1,
  );

  const placeholder = page.getByTestId('connect-placeholder');
  await placeholder.click();
  await expect.poll(() => placeholder.getAttribute('aria-busy')).toBe('true');
  // index.html's own list, at once: the wallets offered (the announced ones come with the entry).
  const early = page.getByRole('dialog', { name: 'Connect a Wallet' });
  await early.getByRole('button', { name: 'MetaMask' }).waitFor();

  // The scripts arrive: the same list, now with the wallet the browser announced, still open.
  holding = false;
  for (const route of held.splice(0)) {
    if (STACK_FILE.test(route.request().url())) held.push(route);
    else await route.continue();
  }
  await early.getByTestId(`early-wallet-option-${TestWallet.info.rdns}`).waitFor();
  expect(await page.getByRole('dialog').count()).toBe(1);
  await expect.poll(() => placeholder.getAttribute('aria-busy')).toBe('true');
});

it('drops a tap on Connect made before any script when its early list is closed', async () => {
  const { page } = await browser.open({ accountIndex: 10, blank: true });
  const app = new SigilApp(page);
  const held: Route[] = [];
  let holding = true;
  await page.route(ANY_SCRIPT, (route) => (holding ? held.push(route) : route.continue()));
  await page.goto('/');
  const placeholder = page.getByTestId('connect-placeholder');
  await placeholder.click();
  await page.getByRole('dialog', { name: 'Connect a Wallet' }).waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => placeholder.getAttribute('aria-busy')).toBe('false');
  expect(await placeholder.evaluate((button) => document.activeElement === button)).toBe(true);

  holding = false;
  for (const route of held) await route.continue();
  await page.getByTestId('rk-connect-button').waitFor();
  await app.waitUntilSettled();
  expect(await page.getByRole('dialog').count()).toBe(0);
});

it('shows the loading line, not the page in the language the server guessed, to a visitor who chose another', async () => {
  const { page, context } = await browser.open({ accountIndex: 10, blank: true });
  // The language menu's choice is remembered in the browser; the server, without the cookie,
  // writes the page in English.
  await context.addInitScript(() => localStorage.setItem('sigil.locale', 'fr-FR'));
  const held: Route[] = [];
  let holding = true;
  // The wallet stack stays held throughout: what paints after the release is the entry's.
  await page.route(ANY_SCRIPT, (route) =>
    holding || STACK_FILE.test(route.request().url()) ? held.push(route) : route.continue(),
  );
  await page.goto('/');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  expect(await page.getByRole('heading', { name: 'Your wallet is your sign-in' }).isVisible()).toBe(
    false,
  );
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');

  holding = false;
  for (const route of held.splice(0)) {
    if (STACK_FILE.test(route.request().url())) held.push(route);
    else await route.continue();
  }
  // main.tsx paints the page in French.
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  expect(await heading.textContent()).not.toBe('Your wallet is your sign-in');
  await page.getByTestId('connect-placeholder').waitFor();
});
