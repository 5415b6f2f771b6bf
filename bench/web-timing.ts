// Web timing: in headless Chromium, against the real server and a
// Hardhat node as chain 31337, with every non-local request blocked: the time
// from navigation start to an interactive Connect button, and to a completed
// sign-in with an injected test wallet. Median of 5 fresh browser contexts.
//
//   node --import tsx bench/web-timing.ts     (alone; `npm run bench` runs every bench)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { type HardhatNode, startHardhatNode } from '../testing/hardhat-node.js';
import { launchChromium } from '../testing/launch-chromium.js';
import { repoRoot } from '../testing/repo-root.js';
import { newestServerRuntime } from '../testing/server-runtime.js';
import { type BuiltServer, startBuiltServer } from '../testing/start-built-server.js';
import { median } from './support/percentile.js';
import { browserBenchMissing, type Skipped, skipped } from './support/skipped.js';
import type { ReadinessMarks } from './web-timing/readiness-marks.js';
import { FirstVisitStepError, timeFirstVisit } from './web-timing/time-first-visit.js';

export type FirstVisitFigures = {
  /** Navigation start → Connect button visible and enabled. */
  connectButtonMs: number;
  /** Navigation start → RainbowKit's sign-in view offers "Sign message" (after Connect and the wallet were pressed). */
  signInViewMs: number;
  /** Navigation start → auth-status reads `authenticated`: the completed sign-in. */
  signedInMs: number;
  /** "Sign message" pressed → `authenticated`: signature, `signIn` and `me`. */
  signInAfterClickMs: number;
  domContentLoadedMs: number;
  loadMs: number;
};

export type WebTimingResult =
  | {
      bench: 'web-timing';
      visits: number;
      median: FirstVisitFigures;
      runs: FirstVisitFigures[];
      /** Visits that failed and were retried, with the step that failed. */
      failedVisits: string[];
      /** Non-local URLs the app tried to reach (all blocked): should be none. */
      blocked: string[];
      serverRuntime: 'dist' | 'tsx';
    }
  | Skipped<'web-timing'>;

const VISITS = 5;
const MAX_FAILED_VISITS = 2;
const failuresDir = join(repoRoot, 'bench/results/failures');

function figures(marks: ReadinessMarks): FirstVisitFigures {
  const need = (value: number | undefined, name: string) => {
    if (value === undefined) throw new Error(`the page recorded no ${name} mark`);
    return value;
  };
  const signedIn = need(marks.authenticated, 'authenticated');
  return {
    connectButtonMs: need(marks.connectButton, 'Connect button'),
    signInViewMs: need(marks.signInView, 'sign-in view'),
    signedInMs: signedIn,
    signInAfterClickMs: signedIn - need(marks.signClicked, '"Sign message" click'),
    domContentLoadedMs: need(marks.domContentLoaded, 'DOMContentLoaded'),
    loadMs: need(marks.load, 'load'),
  };
}

export async function runWebTiming(
  log: (line: string) => void = (line) => console.log(line),
): Promise<WebTimingResult> {
  const skip = (reason: string) => skipped('web-timing', reason, log);
  const missing = browserBenchMissing();
  if (missing) return skip(missing);
  let browser: Browser | undefined;
  let chain: HardhatNode | undefined;
  let server: BuiltServer | undefined;
  try {
    browser = await launchChromium();
    chain = await startHardhatNode({ chainId: 31337 });
    server = await startBuiltServer({
      cpus: '0',
      chains: [{ id: chain.chainId, rpcUrl: chain.url }],
      runtime: newestServerRuntime(),
    });
    log(
      `  server ${server.url} (${server.runtime.kind}) on CPU 0, Hardhat node ${chain.url}, Chromium ${browser.version()}`,
    );
    mkdirSync(failuresDir, { recursive: true });
    let visits = 0;
    const visit = () =>
      timeFirstVisit({
        browser: browser as Browser,
        appUrl: server?.url as string,
        chain: { id: 31337, rpcUrl: (chain as HardhatNode).url },
        failureScreenshot: join(failuresDir, `visit-${visits++}.png`),
      });

    try {
      // The first visit also starts Chromium's own machinery: not counted.
      await visit();
    } catch (error) {
      logProblems(error, log);
      const step = error instanceof FirstVisitStepError ? error.message : String(error);
      return skip(`the app is not usable yet: the warm-up visit failed at "${step}"`);
    }

    const runs: FirstVisitFigures[] = [];
    const failures: string[] = [];
    const blocked = new Set<string>();
    // A visit that fails once is retried (the failure is reported); more than
    // MAX_FAILED_VISITS means the app is not reliably usable, and no figure is given.
    while (runs.length < VISITS) {
      try {
        const visited = await visit();
        for (const url of visited.blocked) blocked.add(url);
        const run = figures(visited.marks);
        runs.push(run);
        log(
          `  visit ${runs.length}: Connect ${run.connectButtonMs.toFixed(0)} ms, sign-in view ${run.signInViewMs.toFixed(0)} ms, ` +
            `signed in ${run.signedInMs.toFixed(0)} ms (${run.signInAfterClickMs.toFixed(0)} ms after "Sign message")`,
        );
      } catch (error) {
        if (!(error instanceof FirstVisitStepError) || failures.length >= MAX_FAILED_VISITS)
          throw error;
        failures.push(error.message);
        log(`  a visit failed at "${error.message}": retrying`);
        logProblems(error, log);
      }
    }
    const pick = (key: keyof FirstVisitFigures) => median(runs.map((run) => run[key]));
    const result: WebTimingResult = {
      bench: 'web-timing',
      visits: VISITS,
      median: {
        connectButtonMs: pick('connectButtonMs'),
        signInViewMs: pick('signInViewMs'),
        signedInMs: pick('signedInMs'),
        signInAfterClickMs: pick('signInAfterClickMs'),
        domContentLoadedMs: pick('domContentLoadedMs'),
        loadMs: pick('loadMs'),
      },
      runs,
      failedVisits: failures,
      blocked: [...blocked],
      serverRuntime: server.runtime.kind,
    };
    printWebTiming(result, log);
    return result;
  } catch (error) {
    logProblems(error, log);
    const reason =
      error instanceof FirstVisitStepError
        ? `a measured visit failed at "${error.message}"`
        : String(error);
    return skip(reason);
  } finally {
    await browser?.close();
    await server?.stop();
    await chain?.stop();
  }
}

function logProblems(error: unknown, log: (line: string) => void) {
  if (!(error instanceof FirstVisitStepError)) return;
  log(`  failed visit: screenshot in ${failuresDir}`);
  for (const problem of error.pageProblems.slice(-10)) log(`    ${problem}`);
}

export function printWebTiming(
  result: Exclude<WebTimingResult, Skipped<'web-timing'>>,
  log: (line: string) => void,
) {
  const { median: m } = result;
  log(`  median of ${result.visits} fresh contexts (from navigation start):`);
  log(`    Connect button interactive   ${m.connectButtonMs.toFixed(0)} ms`);
  log(
    `    sign-in view ready           ${m.signInViewMs.toFixed(0)} ms  (Connect and the wallet pressed as soon as ready)`,
  );
  log(
    `    signed in (authenticated)    ${m.signedInMs.toFixed(0)} ms  (${m.signInAfterClickMs.toFixed(0)} ms after "Sign message")`,
  );
  log(
    `    DOMContentLoaded / load      ${m.domContentLoadedMs.toFixed(0)} ms / ${m.loadMs.toFixed(0)} ms`,
  );
  if (result.failedVisits.length > 0) {
    log(
      `  failed visits (retried): ${result.failedVisits.length}: ${result.failedVisits.join(' | ')}`,
    );
  }
  log(
    result.blocked.length === 0
      ? '  outside requests: none attempted'
      : `  outside requests blocked (${result.blocked.length}): ${result.blocked.slice(0, 5).join(', ')}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('web timing');
  await runWebTiming();
}
