import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import type { E2eEnvironment } from '../e2e-environment.js';
import { TestWallet } from '../test-wallet/test-wallet.js';
import { launchChromium } from './launch-chromium.js';
import { guardOutsideHosts, loopbackHosts, type OutsideHostGuard } from './outside-host-guard.js';

/**
 * One Chromium per test file; one browser context (a browser profile: cookies,
 * storage, its own Sigil Test Wallet) per `open()`. After each test it fails
 * the test if any page tried to reach an outside host, and closes the contexts.
 */
export type SigilTab = {
  context: BrowserContext;
  page: Page;
  wallet: TestWallet;
  guard: OutsideHostGuard;
};

export type OpenParameters = {
  /** Which of Hardhat's default accounts the wallet holds; give each test its own. */
  accountIndex: number;
  /** The chains the wallet knows at start. @default every enabled chain and the stray one */
  walletChainIds?: number[];
  /** The wallet's chain at start. @default the primary chain (31337) */
  chainId?: number;
  /** @default 1280 x 800 */
  viewport?: { width: number; height: number };
  /** @default false: open a page at the app's root and wait for it to load */
  blank?: boolean;
};

export const FAILURES_DIR = fileURLToPath(new URL('../screenshots/failures/', import.meta.url));

export function useSigilBrowser() {
  const environment: E2eEnvironment = inject('sigil');
  const allowedHosts = [
    ...loopbackHosts(environment.appPort),
    ...[...environment.chains, environment.strayChain].flatMap((chain) => loopbackHosts(chain.port)),
  ];
  const allChains = [...environment.chains, environment.strayChain];
  let browser: Browser | undefined;
  let tabs: SigilTab[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async ({ task }) => {
    const open = tabs;
    tabs = [];
    try {
      if (task.result?.state === 'fail') await recordFailure(task.name, open, pageErrors);
      const attempted = open.flatMap((tab) => tab.guard.attempted);
      expect(attempted, 'requests to hosts outside the app and its Hardhat nodes').toEqual([]);
    } finally {
      pageErrors.length = 0;
      await Promise.all(open.map((tab) => tab.context.close()));
    }
  });

  async function open(parameters: OpenParameters): Promise<SigilTab> {
    if (!browser) throw new Error('useSigilBrowser().open() runs inside a test');
    const context = await browser.newContext({
      baseURL: environment.appUrl,
      viewport: parameters.viewport ?? { width: 1280, height: 800 },
      colorScheme: 'light',
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    context.setDefaultTimeout(10_000);
    const guard = await guardOutsideHosts(context, allowedHosts);
    const walletChainIds = parameters.walletChainIds ?? allChains.map((chain) => chain.id);
    const wallet = await TestWallet.install(context, {
      chains: allChains
        .filter((chain) => walletChainIds.includes(chain.id))
        .map((chain) => ({ id: chain.id, rpcUrl: chain.rpcUrl })),
      chainId: parameters.chainId ?? environment.chains[0]?.id,
      accountIndex: parameters.accountIndex,
    });
    const page = await context.newPage();
    const tab = { context, page, wallet, guard };
    watchPage(page, pageErrors);
    context.on('page', (other) => watchPage(other, pageErrors));
    tabs.push(tab);
    if (!parameters.blank) await page.goto('/');
    return tab;
  }

  /** Another tab of the same browser profile (same cookies, same wallet). */
  async function openAnotherTab(tab: SigilTab): Promise<Page> {
    const page = await tab.context.newPage();
    await page.goto('/');
    return page;
  }

  return { environment, open, openAnotherTab };
}

function watchPage(page: Page, pageErrors: string[]) {
  page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`console.error: ${message.text()}`);
  });
}

async function recordFailure(name: string, tabs: SigilTab[], pageErrors: string[]) {
  mkdirSync(FAILURES_DIR, { recursive: true });
  const slug = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  await Promise.all(
    tabs.flatMap((tab, tabIndex) =>
      tab.context.pages().map((page, pageIndex) =>
        page
          .screenshot({ path: `${FAILURES_DIR}${slug}-${tabIndex}-${pageIndex}.png` })
          .catch(() => undefined),
      ),
    ),
  );
  const walletLog = tabs.map((tab, index) => `wallet ${index}: ${tab.wallet.requests.join(', ')}`);
  console.warn(
    [`[e2e] "${name}" failed; screenshots in ${FAILURES_DIR}`, ...walletLog, ...pageErrors.slice(-30)].join(
      '\n',
    ),
  );
}
