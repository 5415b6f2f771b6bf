// Web on a phone: Sigil's first visit against a RainbowKit starter served as
// static brotli files, in Lighthouse's mobile configuration (simulated Slow 4G,
// 4x CPU) and with DevTools throttling for "Connect usable"; three alternating
// rounds, medians. Every non-loopback host is unreachable for both.
//
//   node --import tsx bench/web-phone.ts     (alone; `npm run bench -- web-phone` through run.ts)
//   npm run bench -- web-phone --locale ja-JP   (a browser whose language is Japanese: Sigil
//                                                loads the ja-JP catalogue beside its entry)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/launch-chromium.js';
import { newestServerRuntime } from '../testing/server-runtime.js';
import { type BuiltServer, startBuiltServer } from '../testing/start-built-server.js';
import { median } from './support/percentile.js';
import { browserBenchMissing, type Skipped, skipped } from './support/skipped.js';
import type { StaticServer } from './web-bundle/serve-static-dist.js';
import { buildPhoneStarter } from './web-phone/build-starter.js';
import { publishProfile } from './web-phone/publish-profile.js';
import { serveBrotliDist } from './web-phone/serve-brotli-dist.js';
import {
  type LighthouseResultLike,
  type PhonePageFigures,
  summarizeLighthouse,
} from './web-phone/summarize-lighthouse.js';
import {
  type ConnectTimes,
  timeConnectUsable,
  timeWalletListAfterEarlyTap,
  type WalletListTimes,
} from './web-phone/time-connect-usable.js';

/** The brief's unit: KiB of 1024 bytes. */
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Issue 42's budgets: the first visit as light as before the languages, and lighter. */
export const PHONE_BUDGETS = {
  /** Cumulative layout shift on each Sigil page, below (the first paint replaced by the app must not jump). */
  layoutShift: 0.05,
  /** Sigil's LCP of `/` at most this share of the starter's. */
  lcpRatio: 0.4,
  /** Sigil's "Connect usable" at most this share of the starter's. */
  connectRatio: 0.8,
  /** A tap on Connect as soon as it takes one gets a wallet list at most this share of the starter's time. */
  walletListAfterTapRatio: 0.6,
  /** Script bytes on the wire before LCP, at most. */
  scriptBeforeLcpBytes: 80 * 1024,
  /** Lighthouse's Total Blocking Time (mobile preset) on each Sigil page, at most. */
  totalBlockingTimeMs: 100,
} as const;

const ROUNDS = 3;

// Chromium resolves no host but loopback: nothing leaves the machine, and a
// request to an outside host fails at once for both apps alike.
const OFFLINE_ARGS = [
  ...CHROMIUM_ARGS,
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

export type PhoneRow = PhonePageFigures & {
  page: string;
  /** RainbowKit's own Connect button usable. */
  connectUsableMs?: number;
  /** A Connect button takes a click (Sigil's placeholder keeps it until the dialog exists). */
  connectClickableMs?: number;
  /** A wallet list on screen (Sigil's early list or RainbowKit's) after a tap on Connect as soon as it took one. */
  walletListAfterTapMs?: number;
  /** RainbowKit's own dialog listing wallets after that tap. */
  rainbowKitListAfterTapMs?: number;
};

export type WebPhoneResult =
  | {
      bench: 'web-phone';
      rounds: number;
      /** Medians per page: Sigil's `/`, `/u/<address>`, `/verify`, then the starter's `/`. */
      rows: PhoneRow[];
      ratios: {
        lcp: number;
        connectUsable: number;
        connectClickable: number;
        walletListAfterTap: number;
        rainbowKitListAfterTap: number;
        scriptBytes: number;
      };
      budgets: {
        lcp: boolean;
        connectUsable: boolean;
        walletListAfterTap: boolean;
        scriptBeforeLcp: boolean;
        layoutShift: boolean;
        totalBlockingTime: boolean;
      };
    }
  | Skipped<'web-phone'>;

/** One Lighthouse run, retried once when Chromium's trace misses the navigation (NO_NAVSTART and the like). */
async function lighthouseRun(port: number, url: string, retry = true): Promise<PhonePageFigures> {
  try {
    return await lighthouseRunOnce(port, url);
  } catch (error) {
    if (!retry) throw error;
    return lighthouseRun(port, url, false);
  }
}

async function lighthouseRunOnce(port: number, url: string): Promise<PhonePageFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError) {
    throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} for ${url}`);
  }
  // Each whole report, for a look at what a figure is made of (the LCP element, the long tasks).
  const reports = process.env.SIGIL_BENCH_LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const page = new URL(url).pathname.replace(/[^\w]+/g, '_') || '_';
    writeFileSync(join(reports, `${Date.now()}${page}.json`), JSON.stringify(result.lhr));
  }
  return summarizeLighthouse(result.lhr as unknown as LighthouseResultLike);
}

function medianRow(
  page: string,
  runs: PhonePageFigures[],
  connect: ConnectTimes[],
  walletList: WalletListTimes[],
): PhoneRow {
  const pick = (key: keyof PhonePageFigures) => median(runs.map((run) => run[key]));
  return {
    page,
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    score: pick('score'),
    cls: pick('cls'),
    tbtMs: pick('tbtMs'),
    scriptBytes: pick('scriptBytes'),
    scriptBytesBeforeLcp: pick('scriptBytesBeforeLcp'),
    ...(connect.length > 0 && {
      connectUsableMs: median(connect.map((times) => times.rainbowKitMs)),
      connectClickableMs: median(connect.map((times) => times.clickableMs)),
    }),
    ...(walletList.length > 0 && {
      walletListAfterTapMs: median(walletList.map((times) => times.anyListMs)),
      rainbowKitListAfterTapMs: median(walletList.map((times) => times.rainbowKitListMs)),
    }),
  };
}

export type WebPhoneOptions = {
  /** The browser's language, for Lighthouse's Chromium and the Connect timings. @default the machine's */
  locale?: string;
};

export async function runWebPhone(
  log: (line: string) => void = (line) => console.log(line),
  { locale }: WebPhoneOptions = {},
): Promise<WebPhoneResult> {
  const missing = browserBenchMissing();
  if (missing) return skipped('web-phone', missing, log);
  let server: BuiltServer | undefined;
  let starter: StaticServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let browser: Browser | undefined;
  try {
    server = await startBuiltServer({
      chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }],
      runtime: newestServerRuntime(),
    });
    const address = await publishProfile(server.url);
    starter = await serveBrotliDist(await buildPhoneStarter());
    // --lang and --accept-lang set navigator.languages and Accept-Language (the starter ignores both).
    const languageArgs = locale ? [`--lang=${locale}`, `--accept-lang=${locale}`] : [];
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', ...OFFLINE_ARGS, ...languageArgs],
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...OFFLINE_ARGS, ...languageArgs],
    });
    const pages = [
      { name: 'Sigil /', url: `${server.url}/`, connect: true },
      { name: 'Sigil /u/<address>', url: `${server.url}/u/${address}`, connect: false },
      { name: 'Sigil /verify', url: `${server.url}/verify`, connect: false },
      { name: 'starter /', url: `${starter.url}/`, connect: true },
    ];
    log(
      `  Sigil ${server.url} (${server.runtime.kind}), starter ${starter.url} (static brotli), ` +
        `Chromium ${browser.version()}, Lighthouse mobile (simulated Slow 4G, 4x CPU)` +
        (locale ? `, the browser's language ${locale}` : ''),
    );
    const lighthouseRuns = new Map<string, PhonePageFigures[]>(pages.map((p) => [p.name, []]));
    const connectRuns = new Map<string, ConnectTimes[]>(pages.map((p) => [p.name, []]));
    const walletListRuns = new Map<string, WalletListTimes[]>(pages.map((p) => [p.name, []]));
    // Alternating, so a change of load on the machine falls on both apps alike.
    for (let round = 1; round <= ROUNDS; round++) {
      for (const page of pages) {
        const figures = await lighthouseRun(chrome.port, page.url);
        lighthouseRuns.get(page.name)?.push(figures);
        let connect = '';
        if (page.connect) {
          const times = await timeConnectUsable(browser, page.url, locale);
          connectRuns.get(page.name)?.push(times);
          const walletList = await timeWalletListAfterEarlyTap(browser, page.url, locale);
          walletListRuns.get(page.name)?.push(walletList);
          connect =
            `, Connect clickable ${times.clickableMs.toFixed(0)} ms, RainbowKit's usable ${times.rainbowKitMs.toFixed(0)} ms, ` +
            `wallet list after an early tap ${walletList.anyListMs.toFixed(0)} ms ` +
            `(RainbowKit's ${walletList.rainbowKitListMs.toFixed(0)} ms)`;
        }
        log(
          `  round ${round} ${page.name}: FCP ${figures.fcpMs.toFixed(0)} ms, LCP ${figures.lcpMs.toFixed(0)} ms, ` +
            `CLS ${figures.cls.toFixed(3)}, TBT ${figures.tbtMs.toFixed(0)} ms, score ${figures.score}, ` +
            `script ${kib(figures.scriptBytes)}${connect}`,
        );
      }
    }
    const rows = pages.map((page) =>
      medianRow(
        page.name,
        lighthouseRuns.get(page.name) ?? [],
        connectRuns.get(page.name) ?? [],
        walletListRuns.get(page.name) ?? [],
      ),
    );
    const [home, , , base] = rows as [PhoneRow, PhoneRow, PhoneRow, PhoneRow];
    const ratios = {
      lcp: home.lcpMs / base.lcpMs,
      connectUsable: (home.connectUsableMs ?? Number.NaN) / (base.connectUsableMs ?? Number.NaN),
      connectClickable:
        (home.connectClickableMs ?? Number.NaN) / (base.connectClickableMs ?? Number.NaN),
      walletListAfterTap:
        (home.walletListAfterTapMs ?? Number.NaN) / (base.walletListAfterTapMs ?? Number.NaN),
      rainbowKitListAfterTap:
        (home.rainbowKitListAfterTapMs ?? Number.NaN) /
        (base.rainbowKitListAfterTapMs ?? Number.NaN),
      scriptBytes: home.scriptBytes / base.scriptBytes,
    };
    const result: WebPhoneResult = {
      bench: 'web-phone',
      rounds: ROUNDS,
      rows,
      ratios,
      budgets: {
        lcp: ratios.lcp <= PHONE_BUDGETS.lcpRatio,
        connectUsable: ratios.connectUsable <= PHONE_BUDGETS.connectRatio,
        walletListAfterTap: ratios.walletListAfterTap <= PHONE_BUDGETS.walletListAfterTapRatio,
        scriptBeforeLcp: rows
          .slice(0, 3)
          .every((row) => row.scriptBytesBeforeLcp <= PHONE_BUDGETS.scriptBeforeLcpBytes),
        layoutShift: rows.slice(0, 3).every((row) => row.cls < PHONE_BUDGETS.layoutShift),
        totalBlockingTime: rows
          .slice(0, 3)
          .every((row) => row.tbtMs <= PHONE_BUDGETS.totalBlockingTimeMs),
      },
    };
    printWebPhone(result, log);
    return result;
  } catch (error) {
    return skipped('web-phone', error instanceof Error ? error.message : String(error), log);
  } finally {
    await browser?.close();
    chrome?.kill();
    await starter?.stop();
    await server?.stop();
  }
}

export function printWebPhone(
  result: Exclude<WebPhoneResult, Skipped<'web-phone'>>,
  log: (line: string) => void,
) {
  const seconds = (ms: number | undefined) =>
    ms === undefined ? '' : `${(ms / 1000).toFixed(2)} s`;
  const table = [
    [
      'page',
      'FCP',
      'LCP',
      'Connect clickable',
      'RainbowKit usable',
      'wallet list after tap',
      "RainbowKit's list after tap",
      'script (wire)',
      'before LCP',
      'CLS',
      'TBT',
      'score',
    ],
    ...result.rows.map((row) => [
      row.page,
      seconds(row.fcpMs),
      seconds(row.lcpMs),
      seconds(row.connectClickableMs),
      seconds(row.connectUsableMs),
      seconds(row.walletListAfterTapMs),
      seconds(row.rainbowKitListAfterTapMs),
      kib(row.scriptBytes),
      kib(row.scriptBytesBeforeLcp),
      row.cls.toFixed(3),
      `${row.tbtMs.toFixed(0)} ms`,
      String(row.score),
    ]),
  ];
  const widths = (table[0] ?? []).map((_, i) => Math.max(...table.map((r) => (r[i] ?? '').length)));
  log(`  medians of ${result.rounds} alternating rounds:`);
  for (const row of table) {
    log(
      `    ${row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd()}`,
    );
  }
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  log(
    `  LCP ratio ${result.ratios.lcp.toFixed(2)} (Sigil / starter, budget ≤ ${PHONE_BUDGETS.lcpRatio}: ${verdict(result.budgets.lcp)})`,
  );
  log(
    `  Connect usable ratio ${result.ratios.connectUsable.toFixed(2)} (RainbowKit's button; budget ≤ ${PHONE_BUDGETS.connectRatio}: ${verdict(result.budgets.connectUsable)})`,
  );
  log(
    `  Connect clickable ratio ${result.ratios.connectClickable.toFixed(2)} (Sigil's placeholder keeps the click until the dialog exists)`,
  );
  log(
    `  wallet list after an early tap ratio ${result.ratios.walletListAfterTap.toFixed(2)} (a tap on Connect as soon as it takes one, until a wallet list is on screen, Sigil's early one or RainbowKit's; budget ≤ ${PHONE_BUDGETS.walletListAfterTapRatio}: ${verdict(result.budgets.walletListAfterTap)})`,
  );
  log(
    `  RainbowKit's list after an early tap ratio ${result.ratios.rainbowKitListAfterTap.toFixed(2)} (the same tap, until RainbowKit's own dialog lists the wallets)`,
  );
  log(
    `  layout shift below ${PHONE_BUDGETS.layoutShift} on every Sigil page: ${verdict(result.budgets.layoutShift)}`,
  );
  log(
    `  Total Blocking Time on every Sigil page ≤ ${PHONE_BUDGETS.totalBlockingTimeMs} ms (${result.rows
      .slice(0, 3)
      .map((row) => `${row.tbtMs.toFixed(0)} ms`)
      .join(', ')}): ${verdict(result.budgets.totalBlockingTime)}`,
  );
  log(
    `  script on the wire ratio ${result.ratios.scriptBytes.toFixed(2)}; before LCP on every Sigil page ≤ ${kib(PHONE_BUDGETS.scriptBeforeLcpBytes)}: ${verdict(result.budgets.scriptBeforeLcp)}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('web on a phone');
  await runWebPhone();
}
