import { performance } from 'node:perf_hooks';
import type { Browser } from 'playwright-core';
import { blockOutsideHosts } from '../../testing/block-outside-hosts.js';
import { type RecordedScripts, trackScriptResponses } from './track-script-responses.js';

/**
 * The JavaScript a first visit really loads, measured in the browser: a fresh
 * context (no cache, no cookies, no storage, no wallet injected, 1280×800),
 * `/` opened, and every JavaScript response from the app's own origin counted
 * until no script has been requested for `quietMs` after load. Chunks fetched
 * at run time (an `import()` once the configuration arrives, the wallet SDKs a
 * connector's set-up pulls in) count as much as those index.html names: the
 * visitor downloads them all the same. Requests to outside hosts are aborted,
 * so never downloaded nor counted, and listed.
 */
export type FirstVisitScripts = RecordedScripts & {
  bytes: number;
  /** gzip level 9 of each body, summed. */
  gzipBytes: number;
  /** Outside-host URLs the page tried to reach, in order (all aborted). */
  blocked: string[];
  /** Navigation start → the last script request ended (or load, if later). */
  settledMs: number;
  /** `quiet`: no script request for `quietMs` after load; `cap`: still loading when `capMs` ran out. */
  stoppedBy: 'quiet' | 'cap';
};

export type MeasureFirstVisitScriptsParameters = {
  browser: Browser;
  /** The app's origin; `/` is opened. */
  appUrl: string;
  /** Script silence after load that ends the visit. @default 2000 */
  quietMs?: number;
  /** The longest a visit may last, from navigation start. @default 20000 */
  capMs?: number;
};

export class FirstVisitNavigationError extends Error {
  constructor(
    readonly appUrl: string,
    readonly status: number | undefined,
  ) {
    super(`${appUrl} answered / with ${status ?? 'no response'}`);
    this.name = 'FirstVisitNavigationError';
  }
}

export async function measureFirstVisitScripts(
  parameters: MeasureFirstVisitScriptsParameters,
): Promise<FirstVisitScripts> {
  const { browser, appUrl, quietMs = 2000, capMs = 20_000 } = parameters;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  try {
    const outside = await blockOutsideHosts(context);
    const responses = trackScriptResponses(context, new URL(appUrl).origin);
    const page = await context.newPage();
    const navigationStart = performance.now();
    const deadline = navigationStart + capMs;
    const response = await page.goto(new URL('/', appUrl).href, {
      waitUntil: 'load',
      timeout: capMs,
    });
    if (!response?.ok()) throw new FirstVisitNavigationError(appUrl, response?.status());
    const loadedAt = performance.now();
    const quietSince = () => Math.max(loadedAt, responses.lastActivity());

    let stoppedBy: FirstVisitScripts['stoppedBy'] = 'cap';
    while (performance.now() < deadline) {
      if (responses.inFlight() === 0 && performance.now() - quietSince() >= quietMs) {
        stoppedBy = 'quiet';
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const settledMs = quietSince() - navigationStart;
    const recorded = await responses.finish();
    return {
      ...recorded,
      bytes: recorded.scripts.reduce((sum, script) => sum + script.bytes, 0),
      gzipBytes: recorded.scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
      blocked: [...outside.attempted],
      settledMs,
      stoppedBy,
    };
  } finally {
    await context.close();
  }
}
