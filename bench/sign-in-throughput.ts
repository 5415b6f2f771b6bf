// Sign-in throughput: `signIn` mutations per second over HTTP with the server on
// ONE core, against raw local signature recovery per second on the same core,
// measured in the same run. Target: ratio ≥ 1.0 (it was 0.7 in the first
// measurement; bench/README.md has the history).
//
//   node --import tsx bench/sign-in-throughput.ts     (alone; `npm run bench` runs every bench)
//
// BENCH_SIGN_INS (default 3000) sets how many sign-ins are timed, BENCH_SIGN_IN_WARMUP
// (default 3000) how many go first, untimed, on both sides;
// BENCH_PROFILE=1 runs the server under `node --cpu-prof` and prints where its time went.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../testing/repo-root.js';
import { newestServerRuntime, type ServerRuntime } from '../testing/server-runtime.js';
import { startBuiltServer } from '../testing/start-built-server.js';
import type { FireSignInsResult } from './sign-in/fire-sign-ins.js';
import { prepareSignedMessages } from './sign-in/prepare-signed-messages.js';
import type { RecoverMessagesResult } from './sign-in/recover-messages.js';
import type { SignedMessageSet } from './sign-in/signed-message.js';
import { runPinned } from './support/run-pinned.js';
import { type CpuProfileSummary, summarizeCpuProfile } from './support/summarize-cpu-profile.js';

export const SIGN_IN_RATIO_TARGET = 1.0;

export type SignInThroughputResult = {
  bench: 'sign-in-throughput';
  /** How the server ran: `dist` (node server/dist/main.js) or `tsx` (server/src through tsx). */
  serverRuntime: 'dist' | 'tsx';
  serverCpu: string;
  loadGeneratorCpu: string;
  signIns: number;
  warmup: number;
  concurrency: number;
  succeeded: number;
  failures: Record<string, number>;
  signInsPerSecond: number;
  /** Sign-ins per second during the warm-up: lower while V8 still compiles the server's code. */
  warmupSignInsPerSecond: number;
  /** Recoveries per second on the server's CPU: before the HTTP run, after it, and their mean. */
  recoveriesPerSecond: { before: number; after: number; mean: number };
  ratio: number;
  /**
   * The same comparison per CPU-second instead of per wall-second: sign-ins per
   * second of server CPU (every thread) against recoveries per second of CPU.
   * Other work on the machine moves it far less than the wall-clock ratio.
   */
  cpu: {
    signInsPerCpuSecond: number;
    recoveriesPerCpuSecond: number;
    ratio: number;
    /** Server CPU seconds per wall second during the measured sign-ins: near 1 when it had its core to itself and was saturated. */
    serverCoreUtilization: number;
    meetsTarget: boolean;
  };
  target: number;
  meetsTarget: boolean;
  latencyMs: FireSignInsResult['latencyMs'];
  /** One-minute load average when the bench started: other work on the machine skews every figure. */
  loadAverageAtStart: number;
  serverProfile?: CpuProfileSummary[];
};

const SERVER_CPU = '0';
const LOAD_GENERATOR_CPU = '1';
// No RPC endpoint answers here: an EOA sign-in must never need one (docs/sign-in.md, step 5).
const UNREACHABLE_RPC = 'http://127.0.0.1:9';

export type RunSignInThroughputParameters = {
  /** @default 3000, or BENCH_SIGN_INS */
  signIns?: number;
  /**
   * Sign-ins (and recoveries) before the timed ones. @default 3000, or BENCH_SIGN_IN_WARMUP.
   * Why so many: V8 compiles a server's hot code on background threads, on
   * the same core here, for its first few seconds under load. With 300 the
   * timed sign-ins fell in that window: TurboFan took a third of the server's
   * CPU and the ratio read 0.87 to 0.93 where the warm server gives 1.3 to 1.4.
   */
  warmup?: number;
  /** @default 16 */
  concurrency?: number;
  /** @default BENCH_PROFILE=1 */
  profile?: boolean;
  /**
   * The chain and its RPC endpoint. @default chain 31337 at an address that
   * refuses connections
   */
  chains?: { id: number; rpcUrl: string }[];
  /** More of the server's environment, e.g. ACCESS_RULES (bench/access-check.ts). */
  env?: Record<string, string>;
  /**
   * dist or tsx. @default the newest at the start (a bench comparing runs
   * passes one, so a build made between them cannot change the runtime)
   */
  runtime?: ServerRuntime;
  log?: (line: string) => void;
};

export async function runSignInThroughput(
  parameters: RunSignInThroughputParameters = {},
): Promise<SignInThroughputResult> {
  const {
    signIns = Number(process.env.BENCH_SIGN_INS ?? 3000),
    warmup = Number(process.env.BENCH_SIGN_IN_WARMUP ?? 3000),
    concurrency = 16,
    profile = process.env.BENCH_PROFILE === '1',
    chains = [{ id: 31337, rpcUrl: UNREACHABLE_RPC }],
    env,
    runtime = newestServerRuntime(),
    log = (line: string) => console.log(line),
  } = parameters;
  const loadAverageAtStart = loadavg()[0] ?? 0;
  const workDir = mkdtempSync(join(tmpdir(), 'sigil-bench-sign-in-'));
  const profileDir = profile ? join(repoRoot, 'bench/results/profiles') : undefined;
  if (profileDir) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
  }
  const server = await startBuiltServer({
    cpus: SERVER_CPU,
    chains,
    ...(env && { env }),
    runtime,
    ...(profileDir && { nodeOptions: ['--cpu-prof', '--cpu-prof-dir', profileDir] }),
  });
  try {
    log(
      `  server: ${server.runtime.kind === 'dist' ? 'node server/dist/main.js' : 'node --import tsx server/src/main.ts'}` +
        ` (${server.runtime.reason}) on CPU ${SERVER_CPU}; load generator on CPU ${LOAD_GENERATOR_CPU}`,
    );
    log(`  preparing ${warmup} + ${signIns} nonces and signed messages (untimed)…`);
    const signed = await prepareSignedMessages({ url: server.url, count: warmup + signIns });
    const set: SignedMessageSet = {
      warmup: signed.slice(0, warmup),
      measured: signed.slice(warmup),
    };
    const setPath = join(workDir, 'signed-messages.json');
    writeFileSync(setPath, JSON.stringify(set));

    const recover = () =>
      runPinned<RecoverMessagesResult>({
        cpus: SERVER_CPU,
        script: 'bench/sign-in/recover-messages.ts',
        args: [setPath],
      });
    log('  baseline: recoverMessageAddress, one thread on the server CPU…');
    const before = await recover();
    log(`  firing ${signIns} signIn mutations, ${concurrency} in flight…`);
    // In V8's profile clock, so a profile can be cut to the sign-ins (see summarizeCpuProfile).
    const firing = { fromUs: Number(process.hrtime.bigint() / 1000n), toUs: 0 };
    const fired = await runPinned<FireSignInsResult>({
      cpus: LOAD_GENERATOR_CPU,
      script: 'bench/sign-in/fire-sign-ins.ts',
      args: [server.url, String(server.pid), setPath, String(concurrency)],
    });
    firing.toUs = Number(process.hrtime.bigint() / 1000n);
    log('  baseline again, after the HTTP run…');
    const after = await recover();

    for (const run of [before, after]) {
      if (run.mismatches > 0)
        throw new Error(`${run.mismatches} signatures did not recover to their address`);
    }
    const mean = (before.recoveriesPerSecond + after.recoveriesPerSecond) / 2;
    const ratio = fired.signInsPerSecond / mean;
    const recoveriesPerCpuSecond =
      (before.recovered + after.recovered) / (before.cpuSeconds + after.cpuSeconds);
    const signInsPerCpuSecond = fired.succeeded / fired.serverCpuSeconds;
    const result: SignInThroughputResult = {
      bench: 'sign-in-throughput',
      serverRuntime: server.runtime.kind,
      serverCpu: SERVER_CPU,
      loadGeneratorCpu: LOAD_GENERATOR_CPU,
      signIns,
      warmup,
      concurrency,
      succeeded: fired.succeeded,
      failures: fired.failures,
      signInsPerSecond: fired.signInsPerSecond,
      warmupSignInsPerSecond: fired.warmupSignInsPerSecond,
      recoveriesPerSecond: {
        before: before.recoveriesPerSecond,
        after: after.recoveriesPerSecond,
        mean,
      },
      ratio,
      cpu: {
        signInsPerCpuSecond,
        recoveriesPerCpuSecond,
        ratio: signInsPerCpuSecond / recoveriesPerCpuSecond,
        serverCoreUtilization: fired.serverCpuSeconds / fired.seconds,
        meetsTarget: signInsPerCpuSecond / recoveriesPerCpuSecond >= SIGN_IN_RATIO_TARGET,
      },
      target: SIGN_IN_RATIO_TARGET,
      meetsTarget: ratio >= SIGN_IN_RATIO_TARGET && fired.succeeded === signIns,
      latencyMs: fired.latencyMs,
      loadAverageAtStart,
    };
    await server.stop();
    if (profileDir) {
      // For any further analysis of the same slice of the profiles.
      writeFileSync(join(profileDir, 'firing-window.json'), `${JSON.stringify(firing)}\n`);
      result.serverProfile = readdirSync(profileDir)
        .filter((name) => name.endsWith('.cpuprofile'))
        .sort()
        .map((name) => summarizeCpuProfile(join(profileDir, name), firing));
    }
    printSignInThroughput(result, log);
    return result;
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

export function printSignInThroughput(result: SignInThroughputResult, log: (line: string) => void) {
  const failed = result.signIns - result.succeeded;
  log(
    `  N                 ${result.signIns} timed sign-ins (after ${result.warmup} warm-up), ${result.concurrency} in flight`,
  );
  log(
    `  succeeded         ${result.succeeded}/${result.signIns}${failed ? `  FAILURES ${JSON.stringify(result.failures)}` : ''}`,
  );
  log(
    `  signIn/s          ${fixed(result.signInsPerSecond, 1)}  (HTTP, server on CPU ${result.serverCpu}, ${result.serverRuntime}; ` +
      `${fixed(result.warmupSignInsPerSecond, 1)} during the warm-up)`,
  );
  log(
    `  recover/s         ${fixed(result.recoveriesPerSecond.mean, 1)}  (recoverMessageAddress, one thread on CPU ${result.serverCpu}; ` +
      `before ${fixed(result.recoveriesPerSecond.before, 1)}, after ${fixed(result.recoveriesPerSecond.after, 1)})`,
  );
  log(
    `  latency           p50 ${fixed(result.latencyMs.p50, 1)} ms, p95 ${fixed(result.latencyMs.p95, 1)} ms, p99 ${fixed(result.latencyMs.p99, 1)} ms, max ${fixed(result.latencyMs.max, 1)} ms`,
  );
  log(
    `  ratio             ${fixed(result.ratio, 3)}  (target ≥ ${result.target}: ${result.meetsTarget ? 'met' : 'NOT met'})`,
  );
  log(
    `  per CPU-second    ${fixed(result.cpu.signInsPerCpuSecond, 1)} signIn / ${fixed(result.cpu.recoveriesPerCpuSecond, 1)} recover = ` +
      `ratio ${fixed(result.cpu.ratio, 3)} (${result.cpu.meetsTarget ? 'met' : 'NOT met'}; ` +
      `server used ${fixed(result.cpu.serverCoreUtilization * 100, 0)}% of a core while firing)`,
  );
  log(
    `  load average      ${fixed(result.loadAverageAtStart, 2)} at start (2 CPUs; anything else running skews both sides)`,
  );
  if (result.serverProfile) {
    log('  server CPU profile while firing (warm-up and measured sign-ins), one per thread:');
  }
  for (const summary of result.serverProfile ?? []) {
    const perSignIn = summary.busyMs / (result.signIns + result.warmup);
    log(
      `  ${summary.file}: ${fixed(summary.totalMs)} ms sampled, ${fixed(summary.idleShare * 100, 1)}% idle, ` +
        `≈ ${fixed(perSignIn, 2)} ms busy per sign-in`,
    );
    for (const origin of summary.byOrigin.slice(0, 10)) {
      log(`    ${fixed(origin.share * 100, 1).padStart(5)}%  ${origin.origin}`);
    }
    log('    top functions by self time:');
    for (const fn of summary.topFunctions.slice(0, 12)) {
      log(`    ${fixed(fn.share * 100, 1).padStart(5)}%  ${fn.name}  ${fn.where}`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('sign-in throughput');
  await runSignInThroughput();
}
