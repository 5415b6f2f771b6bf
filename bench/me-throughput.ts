// me throughput: an authenticated `me` query over HTTP, at the server's
// default log level, against a bare GraphQL Yoga `{ hello }` server measured
// in the same run, both on ONE core (the same one), in alternating rounds.
// Target: ratio ≥ 0.8.
//
//   node --import tsx bench/me-throughput.ts     (alone; `npm run bench` runs every bench)
//
// BENCH_QUERIES (default 10000) sets how many queries are timed on each server,
// BENCH_ROUNDS (default 10) in how many turns; BENCH_PROFILE=1 runs Sigil under
// `node --cpu-prof` and prints where its time went. This machine's speed
// drifts by ±10 % within a minute: rounds that alternate between the two
// servers put that drift on both sides of the ratio alike.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeErrors, graphqlRequest } from '../testing/graphql-client.js';
import { repoRoot } from '../testing/repo-root.js';
import { newestServerRuntime } from '../testing/server-runtime.js';
import { spawnCapped } from '../testing/spawn-capped.js';
import { startBuiltServer } from '../testing/start-built-server.js';
import type { FireQueriesResult, FireQueriesSpec } from './me/fire-queries.js';
import { prepareSignedMessages } from './sign-in/prepare-signed-messages.js';
import { SIGN_IN_MUTATION } from './sign-in/sign-in-mutation.js';
import { runPinned } from './support/run-pinned.js';
import { type CpuProfileSummary, summarizeCpuProfile } from './support/summarize-cpu-profile.js';

export const ME_RATIO_TARGET = 0.8;

/** The web app's own Me document (web/src/graphql/operations/me.graphql), fragment inlined. */
const ME_QUERY = 'query Me { me { id address wallets { address chainId } } }';

export type MeThroughputResult = {
  bench: 'me-throughput';
  serverRuntime: 'dist' | 'tsx';
  logLevel: string;
  queries: number;
  rounds: number;
  concurrency: number;
  sigil: FireQueriesResult;
  bare: FireQueriesResult;
  ratio: number;
  /** Queries per server CPU-second, Sigil against bare Yoga: other load on the machine moves it less. */
  cpu: { sigilPerCpuSecond: number; barePerCpuSecond: number; ratio: number };
  target: number;
  meetsTarget: boolean;
  loadAverageAtStart: number;
  serverProfile?: CpuProfileSummary[];
};

const SERVER_CPU = '0';
const LOAD_GENERATOR_CPU = '1';

async function startBareYoga() {
  const child = spawnCapped({
    command: 'taskset',
    args: ['-c', SERVER_CPU, process.execPath, '--import', 'tsx', 'bench/me/bare-yoga-server.ts'],
    cwd: repoRoot,
  });
  let port: string | undefined;
  await child.waitUntilReady({
    ready: async () => {
      port = /listening (\d+)/.exec(child.output())?.[1];
      return port !== undefined;
    },
    what: 'the bare Yoga server to listen',
  });
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    pid: child.child.pid as number,
    stop: child.stop,
  };
}

export type RunMeThroughputParameters = {
  /** @default 10000, or BENCH_QUERIES */
  queries?: number;
  /** @default 10, or BENCH_ROUNDS */
  rounds?: number;
  /** @default 2000 */
  warmup?: number;
  /** @default 16 */
  concurrency?: number;
  /** @default BENCH_PROFILE=1 */
  profile?: boolean;
  log?: (line: string) => void;
};

export async function runMeThroughput(
  parameters: RunMeThroughputParameters = {},
): Promise<MeThroughputResult> {
  const {
    queries = Number(process.env.BENCH_QUERIES ?? 10_000),
    rounds = Number(process.env.BENCH_ROUNDS ?? 10),
    warmup = 2000,
    concurrency = 16,
    profile = process.env.BENCH_PROFILE === '1',
    log = (line: string) => console.log(line),
  } = parameters;
  const profileDir = profile ? join(repoRoot, 'bench/results/profiles-me') : undefined;
  if (profileDir) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
  }
  const firing = { fromUs: 0, toUs: 0 };
  const loadAverageAtStart = loadavg()[0] ?? 0;
  const workDir = mkdtempSync(join(tmpdir(), 'sigil-bench-me-'));
  const stops: (() => Promise<unknown>)[] = [];

  try {
    log(`  bare GraphQL Yoga { hello } on CPU ${SERVER_CPU}…`);
    const bare = await startBareYoga();
    stops.push(bare.stop);

    // LOG_LEVEL as an operator gets it when they set nothing: info.
    const logLevel = 'info';
    const server = await startBuiltServer({
      cpus: SERVER_CPU,
      chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }],
      runtime: newestServerRuntime(),
      env: { LOG_LEVEL: logLevel },
      ...(profileDir && { nodeOptions: ['--cpu-prof', '--cpu-prof-dir', profileDir] }),
    });
    stops.push(server.stop);
    log(
      `  Sigil: ${server.runtime.kind} (${server.runtime.reason}) on CPU ${SERVER_CPU}, LOG_LEVEL=${logLevel}; signing in…`,
    );
    const [signed] = await prepareSignedMessages({ url: server.url, count: 1 });
    if (!signed) throw new Error('no signed message');
    const origin = new URL(server.url).origin;
    const signIn = await graphqlRequest({
      url: server.url,
      query: SIGN_IN_MUTATION,
      variables: { message: signed.message, signature: signed.signature },
      origin,
    });
    const cookie = signIn.headers.getSetCookie()[0]?.split(';')[0];
    if (!signIn.data || !cookie) throw new Error(`signIn failed: ${describeErrors(signIn)}`);

    const spec: FireQueriesSpec = {
      targets: [
        {
          name: 'bare',
          url: bare.url,
          serverPid: bare.pid,
          body: JSON.stringify({ query: '{ hello }' }),
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          expect: '"hello":"world"',
        },
        {
          name: 'sigil',
          url: `http://127.0.0.1:${server.port}/graphql`,
          serverPid: server.pid,
          body: JSON.stringify({ operationName: 'Me', query: ME_QUERY, variables: {} }),
          headers: {
            'content-type': 'application/json',
            accept: 'application/graphql-response+json, application/json',
            origin,
            cookie,
          },
          expect: signed.address,
        },
      ],
      warmup,
      count: queries,
      rounds,
      concurrency,
    };
    const specPath = join(workDir, 'spec.json');
    writeFileSync(specPath, JSON.stringify(spec));
    log(
      `  firing ${warmup} + ${queries} queries at each, ${concurrency} in flight, in ${rounds} alternating rounds…`,
    );
    firing.fromUs = Number(process.hrtime.bigint() / 1000n);
    const fired = await runPinned<Record<'bare' | 'sigil', FireQueriesResult>>({
      cpus: LOAD_GENERATOR_CPU,
      script: 'bench/me/fire-queries.ts',
      args: [specPath],
      timeoutMs: 600_000,
    });
    firing.toUs = Number(process.hrtime.bigint() / 1000n);
    await Promise.all(stops.splice(0).map((stop) => stop()));

    const { sigil, bare: bareResult } = fired;
    const sigilPerCpuSecond = sigil.succeeded / sigil.serverCpuSeconds;
    const barePerCpuSecond = bareResult.succeeded / bareResult.serverCpuSeconds;
    const ratio = sigil.queriesPerSecond / bareResult.queriesPerSecond;
    const result: MeThroughputResult = {
      bench: 'me-throughput',
      serverRuntime: server.runtime.kind,
      logLevel,
      queries,
      rounds,
      concurrency,
      sigil,
      bare: bareResult,
      ratio,
      cpu: { sigilPerCpuSecond, barePerCpuSecond, ratio: sigilPerCpuSecond / barePerCpuSecond },
      target: ME_RATIO_TARGET,
      meetsTarget: ratio >= ME_RATIO_TARGET && sigil.succeeded === queries,
      loadAverageAtStart,
    };
    if (profileDir) {
      result.serverProfile = readdirSync(profileDir)
        .filter((name) => name.endsWith('.cpuprofile'))
        .sort()
        .map((name) => summarizeCpuProfile(join(profileDir, name), firing));
    }
    printMeThroughput(result, log);
    return result;
  } finally {
    await Promise.all(stops.map((stop) => stop()));
    rmSync(workDir, { recursive: true, force: true });
  }
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

export function printMeThroughput(result: MeThroughputResult, log: (line: string) => void) {
  const { sigil, bare } = result;
  log(
    `  N                 ${result.queries} timed queries each, ${result.concurrency} in flight, ${result.rounds} alternating rounds`,
  );
  log(
    `  succeeded         ${sigil.succeeded}/${result.queries}${sigil.succeeded < result.queries ? `  FAILURES ${JSON.stringify(sigil.failures)}` : ''}`,
  );
  log(
    `  me/s              ${fixed(sigil.queriesPerSecond, 1)}  (Sigil, ${result.serverRuntime}, LOG_LEVEL=${result.logLevel})`,
  );
  log(
    `  hello/s           ${fixed(bare.queriesPerSecond, 1)}  (bare Yoga, same CPU, rounds alternating with Sigil's)`,
  );
  log(
    `  latency           Sigil p50 ${fixed(sigil.latencyMs.p50, 2)} ms, p99 ${fixed(sigil.latencyMs.p99, 2)} ms; bare p50 ${fixed(bare.latencyMs.p50, 2)} ms`,
  );
  log(
    `  ratio             ${fixed(result.ratio, 3)}  (target ≥ ${result.target}: ${result.meetsTarget ? 'met' : 'NOT met'})`,
  );
  log(
    `  per CPU-second    ${fixed(result.cpu.sigilPerCpuSecond, 1)} me / ${fixed(result.cpu.barePerCpuSecond, 1)} hello = ratio ${fixed(result.cpu.ratio, 3)}`,
  );
  log(`  load average      ${fixed(result.loadAverageAtStart, 2)} at start (2 CPUs)`);
  for (const summary of result.serverProfile ?? []) {
    const perQuery = summary.busyMs / (result.queries + 2000);
    log(
      `  profile ${summary.file}: ≈ ${fixed(perQuery * 1000)} µs busy per query (warm-up included)`,
    );
    for (const origin of summary.byOrigin.slice(0, 12)) {
      log(`    ${fixed(origin.share * 100, 1).padStart(5)}%  ${origin.origin}`);
    }
    for (const fn of summary.topFunctions.slice(0, 25)) {
      log(`    ${fixed(fn.share * 100, 1).padStart(5)}%  ${fn.name}  ${fn.where}`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('me throughput');
  await runMeThroughput();
}
