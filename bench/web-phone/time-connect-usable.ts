import type { Browser } from 'playwright-core';

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

/**
 * Milliseconds from navigation start until a Connect button takes a click,
 * and until RainbowKit's own is on screen, enabled and answering clicks, in a
 * fresh context (cold cache) on a 412×823 phone screen, with the network and
 * CPU throttled through the DevTools protocol.
 */
export async function timeConnectUsable(browser: Browser, url: string): Promise<ConnectTimes> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
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
    const whenUsable = async (selectors: string[]) => {
      const usable = await page.waitForFunction(
        (list) =>
          list.some((selector) => {
            const button = document.querySelector<HTMLButtonElement>(selector);
            if (!button || button.disabled) return false;
            const box = button.getBoundingClientRect();
            if (box.width === 0 || box.height === 0) return false;
            // Answering clicks: the topmost element at its centre is the button (no overlay).
            const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return top !== null && button.contains(top);
          })
            ? performance.now()
            : false,
        selectors,
        { polling: 50, timeout: 60_000 },
      );
      return (await usable.jsonValue()) as number;
    };
    const clickableMs = await whenUsable([CONNECT_PLACEHOLDER, CONNECT_BUTTON]);
    const rainbowKitMs = await whenUsable([CONNECT_BUTTON]);
    return { clickableMs, rainbowKitMs };
  } finally {
    await context.close();
  }
}
