// `npm run bench`: every Sigil benchmark in sequence, a summary table, and the
// same figures as JSON in bench/results/latest.json. It reports; it does not
// gate: the exit code is 0 whether or not a target is met.
//
//   npm run bench                      build if stale, then every bench
//   npm run bench -- --no-build        measure whatever server/dist and web/dist hold
//   npm run bench -- sign-in me web-bundle web-timing web-phone socket-fanout image-variants memory-soak access webhooks public-cost   only the benches named
//   npm run bench -- memory-soak --rounds 3   a quick soak (default 20 rounds of 1,000 sign-ins)
//   npm run bench -- web-phone --locale ja-JP   a phone whose browser language is Japanese
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  BuildFailedError,
  type BuildIfStaleReturnType,
  buildIfStale,
} from '../testing/build-if-stale.js';
import { repoRoot } from '../testing/repo-root.js';
import {
  ACCESS_REQUESTS_PER_CHAIN_TARGET,
  type AccessCheckResult,
  runAccessCheck,
} from './access-check.js';
import { type ImageVariantsResult, runImageVariants } from './image-variants.js';
import { ME_RATIO_TARGET, type MeThroughputResult, runMeThroughput } from './me-throughput.js';
import { type MemorySoakResult, runMemorySoak } from './memory-soak.js';
import { type PublicCostResult, runPublicCost } from './public-cost.js';
import { runSignInThroughput, type SignInThroughputResult } from './sign-in-throughput.js';
import { FANOUT_P99_TARGET_MS, runSocketFanout, type SocketFanoutResult } from './socket-fanout.js';
import { formatKilobytes } from './support/format-bytes.js';
import { runWebBundle, type WebBundleResult } from './web-bundle.js';
import { PHONE_BUDGETS, runWebPhone, type WebPhoneResult } from './web-phone.js';
import { runWebTiming, type WebTimingResult } from './web-timing.js';
import { runWebhooks, type WebhooksResult } from './webhooks.js';

type BenchName =
  | 'sign-in'
  | 'me'
  | 'web-bundle'
  | 'web-timing'
  | 'web-phone'
  | 'socket-fanout'
  | 'image-variants'
  | 'memory-soak'
  | 'access'
  | 'webhooks'
  | 'public-cost';
type Failed = { bench: string; error: string };
type BenchResult =
  | SignInThroughputResult
  | WebBundleResult
  | WebTimingResult
  | WebPhoneResult
  | SocketFanoutResult
  | ImageVariantsResult
  | MeThroughputResult
  | MemorySoakResult
  | AccessCheckResult
  | WebhooksResult
  | PublicCostResult
  | Failed;

/** `--rounds N` (or `--rounds=N`): the soak's measured rounds. */
function roundsArgument(args: string[]): number | undefined {
  const index = args.findIndex((arg) => arg === '--rounds' || arg.startsWith('--rounds='));
  if (index === -1) return undefined;
  const arg = args[index] as string;
  const value = Number(arg.includes('=') ? arg.split('=')[1] : args[index + 1]);
  if (!Number.isInteger(value) || value < 2) throw new Error('--rounds takes a whole number ≥ 2');
  return value;
}

const rounds = roundsArgument(process.argv.slice(2));

/** `--locale ja-JP` (or `--locale=ja-JP`): the browser's language for web-phone. */
function localeArgument(args: string[]): string | undefined {
  const index = args.findIndex((arg) => arg === '--locale' || arg.startsWith('--locale='));
  if (index === -1) return undefined;
  const arg = args[index] as string;
  const value = arg.includes('=') ? arg.split('=')[1] : args[index + 1];
  if (!value || !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value)) {
    throw new Error('--locale takes a language tag, such as ja-JP');
  }
  return value;
}

const locale = localeArgument(process.argv.slice(2));

const BENCHES: { name: BenchName; title: string; run: () => Promise<BenchResult> }[] = [
  { name: 'sign-in', title: 'sign-in throughput', run: () => runSignInThroughput() },
  { name: 'me', title: 'authenticated me throughput', run: () => runMeThroughput() },
  {
    name: 'web-bundle',
    title: 'web first-visit JavaScript in headless Chromium',
    run: () => runWebBundle(),
  },
  {
    name: 'web-timing',
    title: 'web timing in headless Chromium',
    run: () => runWebTiming(),
  },
  {
    name: 'web-phone',
    title:
      'web on a phone: Lighthouse mobile and Connect usable, against a static RainbowKit starter',
    run: () => runWebPhone(undefined, locale === undefined ? {} : { locale }),
  },
  {
    name: 'socket-fanout',
    title: 'account events to 5000 authenticated sockets',
    run: () => runSocketFanout(),
  },
  {
    name: 'image-variants',
    title: 'image variants cold and warm, and /u/<address> time to first byte',
    run: () => runImageVariants(),
  },
  {
    name: 'memory-soak',
    title: 'memory under a soak of sign-ins',
    run: () => runMemorySoak(rounds === undefined ? {} : { rounds }),
  },
  {
    name: 'access',
    title: 'access rules checks: 4 wallets, 10 rules, 2 chains',
    run: () => runAccessCheck(),
  },
  {
    name: 'webhooks',
    title: 'webhooks: change to receipt, and sign-in with a hung receiver',
    run: () => runWebhooks(),
  },
  {
    name: 'public-cost',
    title: 'what an anonymous request can make the server send and spend',
    run: () => runPublicCost(),
  },
];

type Row = {
  bench: string;
  figure: string;
  value: string;
  baseline: string;
  ratio: string;
  target: string;
};

function rowsOf(result: BenchResult): Row[] {
  const row = (figure: string, value: string, rest: Partial<Row> = {}): Row => ({
    bench: result.bench,
    figure,
    value,
    baseline: '',
    ratio: '',
    target: '',
    ...rest,
  });
  if ('error' in result) return [row('failed', result.error.split('\n')[0] ?? '')];
  if ('skipped' in result) return [row('skipped', result.skipped)];
  switch (result.bench) {
    case 'sign-in-throughput':
      return [
        row('signIn/s over HTTP, 1 core', result.signInsPerSecond.toFixed(1), {
          baseline: `${result.recoveriesPerSecond.mean.toFixed(1)} recover/s`,
          ratio: result.ratio.toFixed(3),
          target: `≥ ${result.target} ${result.meetsTarget ? 'met' : 'NOT met'}`,
        }),
        row(
          'latency p50 / p95',
          `${result.latencyMs.p50.toFixed(1)} / ${result.latencyMs.p95.toFixed(1)} ms`,
          { baseline: `${result.succeeded}/${result.signIns} ok, ${result.concurrency} in flight` },
        ),
        row('signIn per server CPU-second', result.cpu.signInsPerCpuSecond.toFixed(1), {
          baseline: `${result.cpu.recoveriesPerCpuSecond.toFixed(1)} recover/CPU-s`,
          ratio: result.cpu.ratio.toFixed(3),
          target: `≥ ${result.target} ${result.cpu.meetsTarget ? 'met' : 'NOT met'}`,
        }),
      ];
    case 'me-throughput':
      return [
        row('me/s over HTTP, 1 core, LOG_LEVEL info', result.sigil.queriesPerSecond.toFixed(1), {
          baseline: `${result.bare.queriesPerSecond.toFixed(1)} bare Yoga hello/s`,
          ratio: result.ratio.toFixed(3),
          target: `≥ ${ME_RATIO_TARGET} ${result.meetsTarget ? 'met' : 'NOT met'}`,
        }),
        row('me per server CPU-second', result.cpu.sigilPerCpuSecond.toFixed(1), {
          baseline: `${result.cpu.barePerCpuSecond.toFixed(1)} hello/CPU-s`,
          ratio: result.cpu.ratio.toFixed(3),
        }),
      ];
    case 'memory-soak': {
      const MiB = 1024 * 1024;
      const last = result.samples.at(-1);
      return [
        row(
          `RSS growth, ${result.rounds} rounds × ${result.signInsPerRound} sign-ins`,
          `${(result.growthPerRound.rss / MiB).toFixed(2)} MiB/round`,
          { baseline: `rss ${((last?.rss ?? 0) / MiB).toFixed(0)} MiB at the end`, target: 'flat' },
        ),
        row('heap used growth', `${(result.growthPerRound.heapUsed / MiB).toFixed(2)} MiB/round`, {
          baseline: `heap ${((last?.heapUsed ?? 0) / MiB).toFixed(0)} MiB at the end`,
        }),
      ];
    }
    case 'web-bundle':
      return [
        row('first-visit JS, gzip (Chromium)', formatKilobytes(result.sigil.median.gzipBytes), {
          baseline: `${formatKilobytes(result.starter.median.gzipBytes)} starter`,
          ratio: result.ratio.toFixed(3),
          target: `≤ ${result.target} ${result.meetsTarget ? 'met' : 'NOT met'}`,
        }),
        row(
          '  … with a WalletConnect id',
          formatKilobytes(result.sigilWithWalletConnect.median.gzipBytes),
          {
            baseline: `${formatKilobytes(result.starter.median.gzipBytes)} starter`,
            ratio: result.ratioWithWalletConnect.toFixed(3),
            target: `≤ ${result.target} ${result.meetsTargetWithWalletConnect ? 'met' : 'NOT met'}`,
          },
        ),
        row(
          'JS files loaded',
          `${result.sigil.median.scripts.length} (${result.sigilWithWalletConnect.median.scripts.length} with WC)`,
          {
            baseline: `${result.starter.median.scripts.length} starter, ${result.starter.median.blocked.length} outside blocked`,
          },
        ),
        row('static entry graph, gzip', formatKilobytes(result.staticEntryGraph.sigil.gzipBytes), {
          baseline: `${formatKilobytes(result.staticEntryGraph.starter.gzipBytes)} starter`,
          ratio: result.staticEntryGraph.ratio.toFixed(3),
        }),
      ];
    case 'socket-fanout':
      return [
        row(
          `event delivery p50 / p99, ${result.sockets} sockets`,
          `${result.sigil.p50.toFixed(1)} / ${result.sigil.p99.toFixed(1)} ms`,
          {
            baseline: `${result.baseline.p50.toFixed(1)} / ${result.baseline.p99.toFixed(1)} ms bare graphql-ws`,
            ratio: (result.sigil.p99 / result.baseline.p99).toFixed(2),
            target: `p99 < ${FANOUT_P99_TARGET_MS} ms ${result.sigil.p99 < FANOUT_P99_TARGET_MS && result.sigil.missed === 0 ? 'met' : 'NOT met'}`,
          },
        ),
        row('events missed', `${result.sigil.missed}`, {
          baseline: `${result.baseline.missed} bare graphql-ws`,
        }),
      ];
    case 'image-variants':
      return [
        row(
          `variants/s cold (${result.variants}, first request)`,
          result.cold.perSecond.toFixed(1),
          {
            baseline: `${result.warm.perSecond.toFixed(1)}/s warm (disk cache)`,
            ratio: (result.cold.perSecond / result.warm.perSecond).toFixed(3),
          },
        ),
        row('  … cold as AVIF', result.coldAvif.perSecond.toFixed(1), {
          baseline: `${result.warm.perSecond.toFixed(1)}/s warm (disk cache)`,
          ratio: (result.coldAvif.perSecond / result.warm.perSecond).toFixed(3),
        }),
        row(
          'variant latency p50 cold / warm',
          `${result.cold.p50Ms.toFixed(1)} / ${result.warm.p50Ms.toFixed(1)} ms`,
        ),
        row(
          'TTFB /u/<address> p50 / p95',
          `${result.ttfb.profilePage.p50.toFixed(2)} / ${result.ttfb.profilePage.p95.toFixed(2)} ms`,
          {
            baseline: `${result.ttfb.healthz.p50.toFixed(2)} ms /healthz, ${result.ttfb.index.p50.toFixed(2)} ms /`,
            ratio: (result.ttfb.profilePage.p50 / result.ttfb.index.p50).toFixed(2),
          },
        ),
      ];
    case 'web-phone': {
      const [home, profile, verify, starter] = result.rows;
      const seconds = (ms: number | undefined) =>
        ms === undefined ? '?' : `${(ms / 1000).toFixed(2)} s`;
      const kib = (bytes: number | undefined) => `${((bytes ?? 0) / 1024).toFixed(1)} KiB`;
      const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
      return [
        row('LCP / (phone, median)', seconds(home?.lcpMs), {
          baseline: `${seconds(starter?.lcpMs)} starter`,
          ratio: result.ratios.lcp.toFixed(2),
          target: `≤ ${PHONE_BUDGETS.lcpRatio} ${met(result.budgets.lcp)}`,
        }),
        row('Connect usable / (phone, RainbowKit)', seconds(home?.connectUsableMs), {
          baseline: `${seconds(starter?.connectUsableMs)} starter`,
          ratio: result.ratios.connectUsable.toFixed(2),
          target: `≤ ${PHONE_BUDGETS.connectRatio} ${met(result.budgets.connectUsable)}`,
        }),
        row('Connect clickable / (placeholder)', seconds(home?.connectClickableMs), {
          baseline: `${seconds(starter?.connectClickableMs)} starter`,
          ratio: result.ratios.connectClickable.toFixed(2),
        }),
        row('wallet list after an early tap /', seconds(home?.walletListAfterTapMs), {
          baseline: `${seconds(starter?.walletListAfterTapMs)} starter`,
          ratio: result.ratios.walletListAfterTap.toFixed(2),
          target: `≤ ${PHONE_BUDGETS.walletListAfterTapRatio} ${met(result.budgets.walletListAfterTap)}`,
        }),
        row("RainbowKit's list after an early tap /", seconds(home?.rainbowKitListAfterTapMs), {
          baseline: `${seconds(starter?.rainbowKitListAfterTapMs)} starter`,
          ratio: result.ratios.rainbowKitListAfterTap.toFixed(2),
        }),
        row(
          'script before LCP /, /u, /verify',
          [home, profile, verify].map((r) => kib(r?.scriptBytesBeforeLcp)).join(', '),
          {
            target: `≤ ${kib(PHONE_BUDGETS.scriptBeforeLcpBytes)} ${met(result.budgets.scriptBeforeLcp)}`,
          },
        ),
        row(
          'layout shift /, /u, /verify',
          [home, profile, verify].map((r) => r?.cls.toFixed(3)).join(', '),
          {
            baseline: `${starter?.cls.toFixed(3)} starter`,
            target: `< ${PHONE_BUDGETS.layoutShift} ${met(result.budgets.layoutShift)}`,
          },
        ),
        row(
          'Total Blocking Time /, /u, /verify',
          [home, profile, verify].map((r) => `${r?.tbtMs.toFixed(0)} ms`).join(', '),
          {
            baseline: `${starter?.tbtMs.toFixed(0)} ms starter`,
            target: `≤ ${PHONE_BUDGETS.totalBlockingTimeMs} ms ${met(result.budgets.totalBlockingTime)}`,
          },
        ),
        row('script on the wire /', kib(home?.scriptBytes), {
          baseline: `${kib(starter?.scriptBytes)} starter`,
          ratio: result.ratios.scriptBytes.toFixed(2),
        }),
        row(
          'Lighthouse score /, /u, /verify',
          [home, profile, verify].map((r) => r?.score).join(', '),
          {
            baseline: `${starter?.score} starter`,
          },
        ),
      ];
    }
    case 'access-check':
      return [
        row(
          `checks/s, ${result.wallets} wallets, ${result.rules} rules, ${result.chains} chains`,
          result.checksPerSecond.toFixed(1),
          {
            baseline: `p50 ${result.latencyMs.p50.toFixed(1)} ms, p95 ${result.latencyMs.p95.toFixed(1)} ms`,
          },
        ),
        row(
          'JSON-RPC requests per chain per check',
          result.httpRequestsPerChainPerCheck.toFixed(2),
          {
            baseline: `${result.jsonRpcCallsPerChainPerCheck.toFixed(2)} calls, ${result.callsPerCheck} balances`,
            target: `≤ ${ACCESS_REQUESTS_PER_CHAIN_TARGET} ${result.meetsTarget ? 'met' : 'NOT met'}`,
          },
        ),
        row(
          `checks/s, ${result.concurrent.accounts} accounts at once`,
          result.concurrent.checksPerSecond.toFixed(1),
        ),
        ...(result.signIn
          ? [
              row(
                'sign-in ratio per CPU-s, 10 rules, every RPC hung',
                result.signIn.hungRules.cpuRatio.toFixed(3),
                {
                  baseline: `${result.signIn.plain.cpuRatio.toFixed(3)} without rules`,
                  ratio: (result.signIn.hungRules.cpuRatio / result.signIn.plain.cpuRatio).toFixed(
                    3,
                  ),
                  target: 'must not drop',
                },
              ),
            ]
          : []),
      ];
    case 'webhooks':
      return [
        row('change → receipt p50 / p99', `${result.latency.p50Ms} / ${result.latency.p99Ms} ms`, {
          baseline: `${result.latency.messages} messages, a local receiver`,
        }),
        ...(result.postgresLatency
          ? [
              row(
                '  … on PostgreSQL',
                `${result.postgresLatency.p50Ms} / ${result.postgresLatency.p99Ms} ms`,
              ),
            ]
          : []),
        row(
          'sign-in ratio per CPU-s, receiver answering',
          result.signIn.answering.cpuRatio.toFixed(3),
          {
            baseline: `${result.signIn.plain.cpuRatio.toFixed(3)} without webhooks`,
            ratio: (result.signIn.answering.cpuRatio / result.signIn.plain.cpuRatio).toFixed(3),
          },
        ),
        row('sign-in ratio per CPU-s, receiver hung', result.signIn.hung.cpuRatio.toFixed(3), {
          baseline: `${result.signIn.plain.cpuRatio.toFixed(3)} without webhooks`,
          ratio: (result.signIn.hung.cpuRatio / result.signIn.plain.cpuRatio).toFixed(3),
          target: 'must not drop',
        }),
      ];
    case 'public-cost':
      return [
        row('worst bytes out / bytes in, anonymous', result.worstRatio.ratio.toFixed(1), {
          baseline: result.worstRatio.name,
        }),
        row('most bytes out, one anonymous request', `${result.worstBytesOut.bytes} B`, {
          baseline: result.worstBytesOut.name,
          target: `≤ 2 MB ${result.meetsTarget ? 'met' : 'NOT met'}`,
        }),
        row(
          'most server CPU per anonymous request',
          `${result.worstCpuMsPerRequest.ms.toFixed(2)} ms`,
          {
            baseline: result.worstCpuMsPerRequest.name,
            target: `≤ 1 s ${result.meetsTarget ? 'met' : 'NOT met'}`,
          },
        ),
      ];
    case 'web-timing':
      return [
        row('→ Connect interactive (median)', `${result.median.connectButtonMs.toFixed(0)} ms`, {
          baseline: `${result.visits} fresh contexts`,
        }),
        row('→ signed in (median)', `${result.median.signedInMs.toFixed(0)} ms`, {
          baseline: `${result.median.signInAfterClickMs.toFixed(0)} ms after click`,
        }),
      ];
  }
}

function printTable(rows: Row[]) {
  const columns: (keyof Row)[] = ['bench', 'figure', 'value', 'baseline', 'ratio', 'target'];
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(line(columns));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(columns.map((column) => row[column])));
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).trim();
  } catch {
    return undefined;
  }
}

async function main() {
  const args = process.argv.slice(2);
  const only = args.filter(
    (arg, index) =>
      !arg.startsWith('--') && args[index - 1] !== '--rounds' && args[index - 1] !== '--locale',
  );
  const selected = BENCHES.filter((bench) => only.length === 0 || only.includes(bench.name));
  const startedAt = new Date();
  const loadAverageAtStart = loadavg();
  const started = performance.now();

  let build: BuildIfStaleReturnType | { failed: string } | 'not checked' = 'not checked';
  if (!args.includes('--no-build')) {
    console.log('build: checking that server/dist and web/dist are newer than their sources…');
    try {
      build = await buildIfStale();
      console.log(`build: ${build === 'built' ? 'rebuilt with npm run build' : 'up to date'}`);
    } catch (error) {
      if (!(error instanceof BuildFailedError)) throw error;
      build = { failed: error.message };
      console.log(`build: FAILED, measuring what is there\n${error.message}`);
    }
  }

  const results: BenchResult[] = [];
  for (const bench of selected) {
    console.log(`\n${bench.title}`);
    const benchStarted = performance.now();
    try {
      results.push(await bench.run());
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.log(`  FAILED: ${message}`);
      results.push({ bench: bench.name, error: message });
    }
    console.log(`  (${((performance.now() - benchStarted) / 1000).toFixed(1)} s)`);
  }

  console.log('\nsummary');
  printTable(results.flatMap(rowsOf));
  const report = {
    startedAt: startedAt.toISOString(),
    seconds: (performance.now() - started) / 1000,
    commit: gitCommit(),
    build,
    machine: {
      node: process.version,
      cpus: availableParallelism(),
      cpuModel: cpus()[0]?.model,
      loadAverageAtStart,
    },
    results,
  };
  const resultsDir = join(repoRoot, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nfigures written to bench/results/latest.json (${report.seconds.toFixed(0)} s in all)`,
  );
}

await main();
process.exit(0);
