// Web bundle: the gzipped JavaScript a first visit to `/` loads,
// measured in headless Chromium, for Sigil served by the real server and for
// a minimal RainbowKit starter built in the same run and served as static
// files. Target: Sigil / starter ≤ 0.75. The static entry graph of each build
// (index.html and its static imports) is printed beside it, as a secondary line.
//
//   node --import tsx bench/web-bundle.ts     (alone; `npm run bench` runs every bench)
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../testing/launch-chromium.js';
import { repoRoot } from '../testing/repo-root.js';
import { newestServerRuntime } from '../testing/server-runtime.js';
import { type BuiltServer, startBuiltServer } from '../testing/start-built-server.js';
import { formatKilobytes } from './support/format-bytes.js';
import { median } from './support/percentile.js';
import { browserBenchMissing, type Skipped, skipped } from './support/skipped.js';
import { buildRainbowKitStarter } from './web-bundle/build-rainbowkit-starter.js';
import { type FirstLoadScripts, firstLoadScripts } from './web-bundle/first-load-scripts.js';
import {
  type FirstVisitScripts,
  measureFirstVisitScripts,
} from './web-bundle/measure-first-visit-scripts.js';
import { type StaticServer, serveStaticDist } from './web-bundle/serve-static-dist.js';

export const BUNDLE_RATIO_TARGET = 0.75;

/** One app's first visits: the visit with the median gzip total, and every visit's total. */
export type AppFirstVisits = {
  url: string;
  /** The visit whose gzip total is the median of all visits (its files are the ones listed). */
  median: FirstVisitScripts;
  /** gzip total of each visit, in the order they ran. */
  visitGzipBytes: number[];
};

export type WebBundleResult =
  | {
      bench: 'web-bundle';
      chromium: string;
      serverRuntime: 'dist' | 'tsx';
      visitsPerApp: number;
      /** Sigil as the bench server runs it: no WalletConnect project id, so no WalletConnect. */
      sigil: AppFirstVisits;
      /** Sigil with a WalletConnect project id, as the starter always has one. */
      sigilWithWalletConnect: AppFirstVisits;
      starter: AppFirstVisits;
      /** Sigil / starter, gzip loaded in the browser: the headline. */
      ratio: number;
      ratioWithWalletConnect: number;
      target: number;
      meetsTarget: boolean;
      meetsTargetWithWalletConnect: boolean;
      /** index.html and its static imports, read from the builds: not what a visit loads. */
      staticEntryGraph: { sigil: FirstLoadScripts; starter: FirstLoadScripts; ratio: number };
      starterBuildSeconds: number;
    }
  | Skipped<'web-bundle'>;

type Measured = Exclude<WebBundleResult, Skipped<'web-bundle'>>;

export const webDist = join(repoRoot, 'web/dist');

const VISITS_PER_APP = 3;
// A closed local port: a visitor with no wallet reads no chain, and the bench
// needs none (the same choice as the sign-in bench).
const UNREACHABLE_RPC = 'http://127.0.0.1:9';
// Not a real project: whatever WalletConnect would fetch with it is an outside host, blocked.
const BENCH_WALLETCONNECT_PROJECT_ID = 'sigilbench';

export async function runWebBundle(
  log: (line: string) => void = (line) => console.log(line),
): Promise<WebBundleResult> {
  const missing = browserBenchMissing();
  if (missing) return skipped('web-bundle', missing, log);

  log('  building the RainbowKit starter in bench/.starter/ …');
  const buildStarted = performance.now();
  const starterDist = await buildRainbowKitStarter();
  const starterBuildSeconds = (performance.now() - buildStarted) / 1000;

  let browser: Browser | undefined;
  let starterServer: StaticServer | undefined;
  let sigilServer: BuiltServer | undefined;
  let sigilWithWalletConnectServer: BuiltServer | undefined;
  try {
    const chains = [{ id: 31337, rpcUrl: UNREACHABLE_RPC }];
    const runtime = newestServerRuntime();
    sigilServer = await startBuiltServer({ cpus: '0', chains, runtime });
    sigilWithWalletConnectServer = await startBuiltServer({
      cpus: '0',
      chains,
      runtime,
      env: { WALLETCONNECT_PROJECT_ID: BENCH_WALLETCONNECT_PROJECT_ID },
    });
    starterServer = await serveStaticDist(starterDist);
    browser = await launchChromium();
    log(
      `  Chromium ${browser.version()}; Sigil ${sigilServer.url} (server ${sigilServer.runtime.kind}), ` +
        `with WalletConnect ${sigilWithWalletConnectServer.url}, starter ${starterServer.url} (static)`,
    );

    const apps = {
      sigil: sigilServer.url,
      sigilWithWalletConnect: sigilWithWalletConnectServer.url,
      starter: starterServer.url,
    };
    const visits: Record<keyof typeof apps, FirstVisitScripts[]> = {
      sigil: [],
      sigilWithWalletConnect: [],
      starter: [],
    };
    // Interleaved, so a change of load on the machine falls on every app alike.
    for (let visit = 0; visit < VISITS_PER_APP; visit++) {
      for (const [name, url] of Object.entries(apps) as [keyof typeof apps, string][]) {
        visits[name].push(await measureFirstVisitScripts({ browser, appUrl: url }));
      }
    }
    const summarize = (name: keyof typeof apps): AppFirstVisits => {
      const totals = visits[name].map((visit) => visit.gzipBytes);
      const middle = median(totals);
      return {
        url: apps[name],
        median: visits[name].find((visit) => visit.gzipBytes === middle) as FirstVisitScripts,
        visitGzipBytes: totals,
      };
    };
    const sigil = summarize('sigil');
    const sigilWithWalletConnect = summarize('sigilWithWalletConnect');
    const starter = summarize('starter');
    const ratio = sigil.median.gzipBytes / starter.median.gzipBytes;
    const ratioWithWalletConnect =
      sigilWithWalletConnect.median.gzipBytes / starter.median.gzipBytes;
    const staticSigil = firstLoadScripts(webDist);
    const staticStarter = firstLoadScripts(starterDist);
    const result: Measured = {
      bench: 'web-bundle',
      chromium: browser.version(),
      serverRuntime: sigilServer.runtime.kind,
      visitsPerApp: VISITS_PER_APP,
      sigil,
      sigilWithWalletConnect,
      starter,
      ratio,
      ratioWithWalletConnect,
      target: BUNDLE_RATIO_TARGET,
      meetsTarget: ratio <= BUNDLE_RATIO_TARGET,
      meetsTargetWithWalletConnect: ratioWithWalletConnect <= BUNDLE_RATIO_TARGET,
      staticEntryGraph: {
        sigil: staticSigil,
        starter: staticStarter,
        ratio: staticSigil.gzipBytes / staticStarter.gzipBytes,
      },
      starterBuildSeconds,
    };
    printWebBundle(result, log);
    return result;
  } finally {
    await browser?.close();
    await starterServer?.stop();
    await sigilServer?.stop();
    await sigilWithWalletConnectServer?.stop();
  }
}

function hostsOf(urls: string[]): string[] {
  return [...new Set(urls.map((url) => new URL(url).host))];
}

function printApp(name: string, app: AppFirstVisits, log: (line: string) => void) {
  const visit = app.median;
  log(
    `  ${name.padEnd(24)} ${formatKilobytes(visit.gzipBytes).padStart(10)} gzip ` +
      `(${formatKilobytes(visit.bytes)} raw) in ${visit.scripts.length} JS files; ` +
      `scripts settled ${visit.settledMs.toFixed(0)} ms after navigation start` +
      (visit.stoppedBy === 'cap' ? ', STILL LOADING at the 20 s cap' : ''),
  );
  const totals = app.visitGzipBytes.map((bytes) => formatKilobytes(bytes));
  log(
    `    ${app.visitGzipBytes.length} visits: ${new Set(totals).size === 1 ? `all ${totals[0]}` : totals.join(' / ')}`,
  );
  for (const script of visit.scripts.slice(0, 5)) {
    log(
      `    ${formatKilobytes(script.gzipBytes).padStart(10)} gzip  ${formatKilobytes(script.bytes).padStart(10)} raw  ${script.path}`,
    );
  }
  const blockedHosts = hostsOf(visit.blocked);
  log(
    visit.blocked.length === 0
      ? '    outside requests: none attempted'
      : `    outside requests blocked (not downloaded, not counted): ${visit.blocked.length} to ${blockedHosts.join(', ')}`,
  );
  const attempts = new Map<string, number>();
  for (const url of visit.blocked) attempts.set(url, (attempts.get(url) ?? 0) + 1);
  for (const [url, count] of attempts) log(`      ${url}${count > 1 ? ` (×${count})` : ''}`);
  const notCounted = [
    ...visit.otherOrigins.map((url) => `from another origin: ${url}`),
    ...visit.unreadable.map((url) => `body unreadable: ${url}`),
    ...visit.pending.map((url) => `still loading at the cap: ${url}`),
  ];
  for (const line of notCounted) log(`    NOT COUNTED, ${line}`);
}

function printStatic(name: string, first: FirstLoadScripts, log: (line: string) => void) {
  log(
    `    ${name.padEnd(8)} ${formatKilobytes(first.gzipBytes).padStart(10)} gzip ` +
      `(${formatKilobytes(first.bytes)} raw) in ${first.scripts.length} of ${first.allScripts} scripts, ` +
      `static imports from ${first.via}`,
  );
}

export function printWebBundle(result: Measured, log: (line: string) => void) {
  log(
    `  first visit to / in a fresh context (no cache, no storage, no wallet, 1280×800), ` +
      `JS from the app's origin until none is requested for 2 s after load; gzip -9 per response; ` +
      `median of ${result.visitsPerApp} visits`,
  );
  printApp('Sigil', result.sigil, log);
  printApp('Sigil + WalletConnect id', result.sigilWithWalletConnect, log);
  printApp('starter', result.starter, log);
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  log(
    `  ratio    ${result.ratio.toFixed(3)}  (Sigil / starter, target ≤ ${result.target}: ${verdict(result.meetsTarget)})`,
  );
  log(
    `  ratio    ${result.ratioWithWalletConnect.toFixed(3)}  (Sigil with a WalletConnect project id / starter: ${verdict(result.meetsTargetWithWalletConnect)})`,
  );
  const { staticEntryGraph } = result;
  log(
    `  static entry graph (index.html and its static imports, read from the builds; not what a visit loads): ` +
      `ratio ${staticEntryGraph.ratio.toFixed(3)}`,
  );
  printStatic('Sigil', staticEntryGraph.sigil, log);
  printStatic('starter', staticEntryGraph.starter, log);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('web bundle');
  await runWebBundle();
}
