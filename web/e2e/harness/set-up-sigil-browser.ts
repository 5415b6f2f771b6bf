import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import {
  blockOutsideHosts,
  loopbackHosts,
  type OutsideHostGuard,
} from '../../../testing/block-outside-hosts.js';
import { failureBound } from '../../../testing/failure-bound.js';
import { launchChromium } from '../../../testing/launch-chromium.js';
import { type BuiltServer, startBuiltServer } from '../../../testing/start-built-server.js';
import { TestWallet } from '../../../testing/test-wallet/test-wallet.js';
import type { E2eEnvironment } from '../e2e-environment.js';
import { FAILURES_DIR } from './save-screenshot.js';

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
  /** A key of the test's own instead (a fresh one is an account no other test touches). */
  account?: LocalAccount;
  /** The chains the wallet knows at start. @default every enabled chain and the stray one */
  walletChainIds?: number[];
  /** The wallet's chain at start. @default the primary chain (31337) */
  chainId?: number;
  /** Where the first page opens. @default '/' */
  path?: string;
  /** @default false: true opens no page yet (to add routes before the first load) */
  blank?: boolean;
  /** The browser's language (navigator.languages, Accept-Language). @default 'en-US' */
  locale?: string;
  /** @default 'light' */
  colorScheme?: 'light' | 'dark';
};

export type SetUpSigilBrowserOptions = {
  /**
   * Start a server of this file's own with this extra environment (same
   * chains, its own database) instead of using the run's shared one.
   */
  serverEnv?: Record<string, string>;
};

export function setUpSigilBrowser(options: SetUpSigilBrowserOptions = {}) {
  const shared: E2eEnvironment = inject('sigil');
  // Filled in before the first test when this file starts a server of its own.
  const environment: E2eEnvironment = { ...shared };
  const allChains = [...shared.chains, shared.strayChain];
  const chainHosts = allChains.flatMap((chain) => loopbackHosts(chain.port));
  let browser: Browser | undefined;
  let ownServer: BuiltServer | undefined;
  let tabs: SigilTab[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (options.serverEnv) {
      ownServer = await startBuiltServer({
        chains: shared.chains.map((chain) => ({ id: chain.id, rpcUrl: chain.rpcUrl })),
        env: options.serverEnv,
      });
      environment.appUrl = ownServer.url;
      environment.appPort = ownServer.port;
    }
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await ownServer?.stop();
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
    if (!browser) throw new Error('setUpSigilBrowser().open() runs inside a test');
    const context = await browser.newContext({
      baseURL: environment.appUrl,
      viewport: { width: 1280, height: 800 },
      colorScheme: parameters.colorScheme ?? 'light',
      locale: parameters.locale ?? 'en-US',
      timezoneId: 'UTC',
    });
    // Playwright's waits fail past a bound stretched by the machine's load as the tab opens
    // (testing/failure-bound.ts): a fixed 10 s failed a first render at load 7 on two cores.
    context.setDefaultTimeout(failureBound(10_000));
    const guard = await blockOutsideHosts(context, {
      allowedHosts: [...loopbackHosts(environment.appPort), ...chainHosts],
    });
    const walletChainIds = parameters.walletChainIds ?? allChains.map((chain) => chain.id);
    const wallet = await TestWallet.install(context, {
      chains: allChains
        .filter((chain) => walletChainIds.includes(chain.id))
        .map((chain) => ({ id: chain.id, rpcUrl: chain.rpcUrl })),
      chainId: parameters.chainId ?? environment.chains[0]?.id,
      accountIndex: parameters.accountIndex,
      ...(parameters.account ? { account: parameters.account } : {}),
    });
    const page = await context.newPage();
    const tab = { context, page, wallet, guard };
    watchPage(page, pageErrors);
    context.on('page', (other) => watchPage(other, pageErrors));
    tabs.push(tab);
    if (!parameters.blank) await page.goto(parameters.path ?? '/');
    return tab;
  }

  return { environment, open };
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
      tab.context
        .pages()
        .map((page, pageIndex) =>
          page
            .screenshot({ path: `${FAILURES_DIR}${slug}-${tabIndex}-${pageIndex}.png` })
            .catch(() => undefined),
        ),
    ),
  );
  const walletLog = tabs.map((tab, index) => `wallet ${index}: ${tab.wallet.requests.join(', ')}`);
  console.warn(
    [
      `[e2e] "${name}" failed; screenshots in ${FAILURES_DIR}`,
      ...walletLog,
      ...pageErrors.slice(-30),
    ].join('\n'),
  );
}
