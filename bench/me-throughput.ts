// Bench 4 (issue 11): an authenticated `me` query over HTTP, at the server's
// default log level, against a bare GraphQL Yoga `{ hello }` server measured
// in the same run, each on ONE core. Target: ratio ≥ 0.8.
//
//   node --import tsx bench/me-throughput.ts     (alone; `npm run bench` runs every bench)
//
// BENCH_QUERIES (default 10000) sets how many queries are timed; BENCH_PROFILE=1
// runs Sigil under `node --cpu-prof` and prints where its time went.
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
  concurrency: number;
  sigil: FireQueriesResult;
  /** The bare Yoga server, before and after Sigil's run. */
  bare: { before: FireQueriesResult; after: FireQueriesResult; meanPerSecond: number };
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
  const fire = (name: string, spec: Omit<FireQueriesSpec, 'warmup' | 'count' | 'concurrency'>) => {
    const path = join(workDir, `${name}.json`);
    writeFileSync(path, JSON.stringify({ ...spec, warmup, count: queries, concurrency }));
    return runPinned<FireQueriesResult>({
      cpus: LOAD_GENERATOR_CPU,
      script: 'bench/me/fire-queries.ts',
      args: [path],
    });
  };
  const fireBare = async () => {
    const bare = await startBareYoga();
    try {
      return await fire('bare', {
        url: bare.url,
        serverPid: bare.pid,
        body: JSON.stringify({ query: '{ hello }' }),
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        expect: '"hello":"world"',
      });
    } finally {
      await bare.stop();
    }
  };

  try {
    log('  baseline: bare GraphQL Yoga { hello } on CPU 0…');
    const before = await fireBare();

    // LOG_LEVEL as an operator gets it when they set nothing: info.
    const logLevel = 'info';
    const server = await startBuiltServer({
      cpus: SERVER_CPU,
      chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }],
      runtime: newestServerRuntime(),
      env: { LOG_LEVEL: logLevel },
      ...(profileDir && { nodeOptions: ['--cpu-prof', '--cpu-prof-dir', profileDir] }),
    });
    let sigil: FireQueriesResult;
    try {
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
      log(`  firing ${warmup} + ${queries} authenticated me queries, ${concurrency} in flight…`);
      firing.fromUs = Number(process.hrtime.bigint() / 1000n);
      sigil = await fire('sigil', {
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
      });
      firing.toUs = Number(process.hrtime.bigint() / 1000n);
    } finally {
      await server.stop();
    }

    log('  baseline again, after Sigil…');
    const after = await fireBare();
    const meanPerSecond = (before.queriesPerSecond + after.queriesPerSecond) / 2;
    const ratio = sigil.queriesPerSecond / meanPerSecond;
    const barePerCpuSecond =
      (before.succeeded + after.succeeded) / (before.serverCpuSeconds + after.serverCpuSeconds);
    const sigilPerCpuSecond = sigil.succeeded / sigil.serverCpuSeconds;
    const result: MeThroughputResult = {
      bench: 'me-throughput',
      serverRuntime: server.runtime.kind,
      logLevel,
      queries,
      concurrency,
      sigil,
      bare: { before, after, meanPerSecond },
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
    rmSync(workDir, { recursive: true, force: true });
  }
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

export function printMeThroughput(result: MeThroughputResult, log: (line: string) => void) {
  const { sigil, bare } = result;
  log(`  N                 ${result.queries} timed queries each, ${result.concurrency} in flight`);
  log(
    `  succeeded         ${sigil.succeeded}/${result.queries}${sigil.succeeded < result.queries ? `  FAILURES ${JSON.stringify(sigil.failures)}` : ''}`,
  );
  log(
    `  me/s              ${fixed(sigil.queriesPerSecond, 1)}  (Sigil, ${result.serverRuntime}, LOG_LEVEL=${result.logLevel})`,
  );
  log(
    `  hello/s           ${fixed(bare.meanPerSecond, 1)}  (bare Yoga; before ${fixed(bare.before.queriesPerSecond, 1)}, after ${fixed(bare.after.queriesPerSecond, 1)})`,
  );
  log(
    `  latency           Sigil p50 ${fixed(sigil.latencyMs.p50, 2)} ms, p99 ${fixed(sigil.latencyMs.p99, 2)} ms; bare p50 ${fixed(bare.before.latencyMs.p50, 2)} ms`,
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
