import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { blockOutsideHosts } from '../../testing/block-outside-hosts.js';
import { TestWallet } from '../../testing/test-wallet/test-wallet.js';
import {
  markRecorded,
  READ_MARKS,
  READINESS_MARKS_SCRIPT,
  type ReadinessMarks,
} from './readiness-marks.js';

/**
 * One first visit in a fresh browser context (empty cache, cookies and
 * storage): open `/`, and as soon as each control is ready press it, as a
 * quick user would: Connect, the Sigil Test Wallet, Sign message. Resolves with the
 * page's own milestone times; a step that does not complete in time throws
 * FirstVisitStepError naming it.
 */
export type FirstVisitTiming = {
  marks: ReadinessMarks;
  /** Requests the page tried to make to non-local hosts (all blocked). */
  blocked: string[];
};

export type TimeFirstVisitParameters = {
  browser: Browser;
  appUrl: string;
  chain: { id: number; rpcUrl: string };
  /** Per step. @default 30000 */
  timeoutMs?: number;
  /** Where a failed visit leaves its screenshot. */
  failureScreenshot?: string;
};

export class FirstVisitStepError extends Error {
  /** The page's errors and failed requests up to the failure. */
  pageProblems: string[] = [];

  constructor(
    readonly step: string,
    cause: unknown,
  ) {
    super(`${step}: ${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)}`, {
      cause,
    });
    this.name = 'FirstVisitStepError';
  }
}

async function step<T>(name: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw new FirstVisitStepError(name, error);
  }
}

export async function timeFirstVisit(
  parameters: TimeFirstVisitParameters,
): Promise<FirstVisitTiming> {
  const { browser, appUrl, chain, timeoutMs = 30_000, failureScreenshot } = parameters;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
  });
  context.setDefaultTimeout(timeoutMs);
  try {
    const outside = await blockOutsideHosts(context);
    // A fresh key per visit: the sign-in also creates its account, as a newcomer's does.
    await TestWallet.install(context, {
      chains: [chain],
      account: privateKeyToAccount(generatePrivateKey()),
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
    });
    await page.addInitScript({ content: READINESS_MARKS_SCRIPT });

    try {
      await visit(page, appUrl);
    } catch (error) {
      if (failureScreenshot)
        await page.screenshot({ path: failureScreenshot }).catch(() => undefined);
      if (error instanceof FirstVisitStepError) error.pageProblems = problems;
      throw error;
    }
    const marks = (await page.evaluate(READ_MARKS)) as ReadinessMarks;
    return { marks, blocked: [...outside.attempted] };
  } finally {
    await context.close();
  }
}

async function visit(page: Page, appUrl: string): Promise<void> {
  await step('open /', async () => {
    const response = await page.goto(appUrl, { waitUntil: 'commit' });
    // Without web/dist the server answers `/` with a plain-text notice instead of the app.
    if (!response?.headers()['content-type']?.startsWith('text/html')) {
      throw new Error('the server has no web build to serve (was web/dist being rebuilt?)');
    }
  });
  await step('press the Connect button', () =>
    page.getByTestId('rk-connect-button').first().click(),
  );
  await step('choose the wallet', () =>
    page.getByTestId(`rk-wallet-option-${TestWallet.info.rdns}`).click(),
  );
  const signButton = page.getByTestId('rk-auth-message-button');
  await step('wait for "Sign message"', () => page.waitForFunction(markRecorded, 'signInView'));
  await step('press "Sign message"', () => signButton.click());
  await step('wait for auth-status "authenticated"', () =>
    page.waitForFunction(markRecorded, 'authenticated'),
  );
}
