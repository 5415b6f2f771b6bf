import type { Browser, Page } from 'playwright-core';

/**
 * Lighthouse's mobile Slow 4G and mid-range phone CPU, as DevTools applies
 * them (lighthouse/core/lib/lantern/simulation/constants.js, `mobileSlow4G`:
 * 150 ms RTT times 3.75 per request, 1.6 Mbps down and 750 kbps up times
 * 0.9, CPU 4x slower).
 */
export const PHONE_THROTTLING = {
  requestLatencyMs: 150 * 3.75,
  downloadKbps: 1.6 * 1024 * 0.9,
  uploadKbps: 750 * 0.9,
  cpuSlowdown: 4,
} as const;

/** RainbowKit's ConnectButton, in Sigil and in the starter alike. */
const CONNECT_BUTTON = '[data-testid="rk-connect-button"]';
/** Sigil's placeholder in its place before the wallet stack has loaded: it keeps a click. */
const CONNECT_PLACEHOLDER = '[data-testid="connect-placeholder"]';

export type ConnectTimes = {
  /** RainbowKit's own button usable: a click opens the dialog at once. */
  rainbowKitMs: number;
  /** A Connect button takes a click: Sigil's placeholder (which opens the dialog once it can) or RainbowKit's. */
  clickableMs: number;
};

/** A fresh context (cold cache) on a 412×823 phone screen, throttled through the DevTools protocol, at `url`. */
async function openThrottledPage(browser: Browser, url: string, locale?: string) {
  const context = await browser.newContext({
    // The browser's language (navigator.languages, Accept-Language): which catalogue Sigil loads.
    ...(locale ? { locale } : {}),
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_THROTTLING.requestLatencyMs,
    downloadThroughput: (PHONE_THROTTLING.downloadKbps * 1024) / 8,
    uploadThroughput: (PHONE_THROTTLING.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_THROTTLING.cpuSlowdown });
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  return { context, page };
}

/**
 * The page's time (ms since navigation start) at which one of `selectors` is
 * a button on screen, enabled, and the topmost element at its centre (no
 * overlay over it); resolves with that button's selector too.
 */
async function whenUsable(page: Page, selectors: string[]) {
  const usable = await page.waitForFunction(
    (list) => {
      for (const selector of list) {
        const button = document.querySelector<HTMLButtonElement>(selector);
        if (!button || button.disabled) continue;
        const box = button.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        if (top !== null && button.contains(top)) return { at: performance.now(), selector };
      }
      return false;
    },
    selectors,
    { polling: 50, timeout: 60_000 },
  );
  return (await usable.jsonValue()) as { at: number; selector: string };
}

/**
 * Milliseconds from navigation start until a Connect button takes a click,
 * and until RainbowKit's own is on screen, enabled and answering clicks.
 */
export async function timeConnectUsable(
  browser: Browser,
  url: string,
  locale?: string,
): Promise<ConnectTimes> {
  const { context, page } = await openThrottledPage(browser, url, locale);
  try {
    const clickable = await whenUsable(page, [CONNECT_PLACEHOLDER, CONNECT_BUTTON]);
    const rainbowKit = await whenUsable(page, [CONNECT_BUTTON]);
    return { clickableMs: clickable.at, rainbowKitMs: rainbowKit.at };
  } finally {
    await context.close();
  }
}

/** A wallet's option in a wallet list: Sigil's early list, RainbowKit's dialog on a desktop, or on a phone. */
const ANY_WALLET_OPTION =
  '[data-testid^="early-wallet-option-"], [data-testid^="rk-wallet-option-"], [data-testid^="rk-wallet-button-"]';
const RAINBOWKIT_WALLET_OPTION =
  '[data-testid^="rk-wallet-option-"], [data-testid^="rk-wallet-button-"]';

/** The page's time (ms since navigation start) at which an element of `selector` is on screen. */
async function whenShown(page: Page, selector: string) {
  const shown = await page.waitForFunction(
    (options) => {
      for (const option of document.querySelectorAll(options)) {
        const box = option.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && box.top < window.innerHeight)
          return performance.now();
      }
      return false;
    },
    selector,
    { polling: 50, timeout: 60_000 },
  );
  return (await shown.jsonValue()) as number;
}

export type WalletListTimes = {
  /** A wallet list on screen: the first wallet's option, in Sigil's early list or RainbowKit's dialog. */
  anyListMs: number;
  /** RainbowKit's own dialog listing wallets. */
  rainbowKitListMs: number;
};

/**
 * What a person who taps Connect as soon as it takes a tap waits for:
 * milliseconds from navigation start until a wallet list is on screen (a
 * wallet's option in Sigil's early list, or in RainbowKit's dialog), and
 * until RainbowKit's own lists its wallets, after a tap on the first Connect
 * button that took one (Sigil's placeholder, or RainbowKit's own button).
 */
export async function timeWalletListAfterEarlyTap(
  browser: Browser,
  url: string,
  locale?: string,
): Promise<WalletListTimes> {
  const { context, page } = await openThrottledPage(browser, url, locale);
  try {
    const clickable = await whenUsable(page, [CONNECT_PLACEHOLDER, CONNECT_BUTTON]);
    await page.tap(clickable.selector);
    const anyListMs = await whenShown(page, ANY_WALLET_OPTION);
    const rainbowKitListMs = await whenShown(page, RAINBOWKIT_WALLET_OPTION);
    return { anyListMs, rainbowKitListMs };
  } finally {
    await context.close();
  }
}
