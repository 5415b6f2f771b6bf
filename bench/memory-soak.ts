// Memory soak: does the server's memory stay flat under use? Rounds of
// 1,000 sign-ins, each followed by five `me` queries and a sign-out, against
// the built server at its defaults (LOG_LEVEL info, default heap), printing
// after every round its resident memory, JavaScript heap used, external and
// ArrayBuffer memory, read right after a full garbage collection. Warm-up
// rounds come first and are not counted; the figure is the growth per round
// over the measured rounds (a least-squares slope), against zero.
//
//   node --import tsx bench/memory-soak.ts [--rounds 20] [--warmup 5] [--sign-ins 1000] [--heap-mib 48] [--snapshots DIR]
//
// --snapshots DIR writes a heap snapshot after warm-up and after the last
// round; bench/memory-soak/compare-heap-snapshots.ts lists what grew.
//
// 20 rounds of 1,000 is the 20,000 sign-ins of the issue; `--rounds 3` is a quick look.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../testing/free-port.js';
import { repoRoot } from '../testing/repo-root.js';
import { newestServerRuntime } from '../testing/server-runtime.js';
import { startBuiltServer } from '../testing/start-built-server.js';
import { type SoakRoundResult, soakRound } from './memory-soak/soak-round.js';
import { leastSquaresSlope } from './support/least-squares-slope.js';

export type MemorySample = {
  round: number;
  warmup: boolean;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** Resident bytes by mapping: main malloc heap, anonymous (V8 pages, thread arenas), files. */
  resident: { brk: number; anonymous: number; file: number };
};

export type MemorySoakResult = {
  bench: 'memory-soak';
  serverRuntime: 'dist' | 'tsx';
  rounds: number;
  warmupRounds: number;
  signInsPerRound: number;
  heapMiB: number | undefined;
  samples: MemorySample[];
  /** Least-squares growth per measured round, in bytes. */
  growthPerRound: { rss: number; heapUsed: number; external: number; arrayBuffers: number };
  failures: Record<string, number>;
  loadAverageAtStart: number;
};

const MiB = 1024 * 1024;

async function readMemory(
  port: number,
  snapshot?: string,
): Promise<Omit<MemorySample, 'round' | 'warmup'>> {
  const query = snapshot ? `?snapshot=${encodeURIComponent(snapshot)}` : '';
  const response = await fetch(`http://127.0.0.1:${port}/${query}`);
  return (await response.json()) as Omit<MemorySample, 'round' | 'warmup'>;
}

export type RunMemorySoakParameters = {
  rounds?: number;
  warmupRounds?: number;
  signInsPerRound?: number;
  concurrency?: number;
  /** --max-old-space-size for the server, in MiB. @default Node's default */
  heapMiB?: number;
  /** A folder for two heap snapshots: after warm-up and after the last round. */
  snapshots?: string;
  log?: (line: string) => void;
};

export async function runMemorySoak(
  parameters: RunMemorySoakParameters = {},
): Promise<MemorySoakResult> {
  const {
    rounds = 20,
    warmupRounds = 5,
    signInsPerRound = 1000,
    concurrency = 16,
    heapMiB,
    snapshots,
    log = (line: string) => console.log(line),
  } = parameters;
  const loadAverageAtStart = loadavg()[0] ?? 0;
  const memoryPort = await freePort();
  const server = await startBuiltServer({
    chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }],
    runtime: newestServerRuntime(),
    // The product's defaults (LOG_LEVEL info), with a limit high enough for the soak.
    env: { LOG_LEVEL: 'info', BENCH_MEMORY_PORT: String(memoryPort) },
    nodeOptions: [
      '--expose-gc',
      '--import',
      pathToFileURL(join(repoRoot, 'bench/memory-soak/report-memory.mjs')).href,
      ...(heapMiB ? [`--max-old-space-size=${heapMiB}`] : []),
    ],
  });
  const samples: MemorySample[] = [];
  const failures: Record<string, number> = {};
  try {
    log(
      `  server: ${server.runtime.kind} (${server.runtime.reason}), heap ${heapMiB ? `${heapMiB} MiB` : 'default'}; ` +
        `${warmupRounds} warm-up + ${rounds} rounds of ${signInsPerRound} sign-ins (each: 5 me, sign-out)`,
    );
    const start = await readMemory(memoryPort);
    log(
      `  start      rss ${(start.rss / MiB).toFixed(1)} MiB, heap ${(start.heapUsed / MiB).toFixed(1)} MiB`,
    );
    for (let round = 1; round <= warmupRounds + rounds; round++) {
      const result: SoakRoundResult = await soakRound(server.url, signInsPerRound, concurrency);
      for (const [what, count] of Object.entries(result.failures)) {
        failures[what] = (failures[what] ?? 0) + count;
      }
      const snapshot =
        snapshots && (round === warmupRounds || round === warmupRounds + rounds)
          ? join(snapshots, `round-${round}.heapsnapshot`)
          : undefined;
      const memory = await readMemory(memoryPort, snapshot);
      const sample = { round, warmup: round <= warmupRounds, ...memory };
      samples.push(sample);
      log(
        `  round ${String(round).padStart(3)}${sample.warmup ? ' (warm-up)' : '          '} ` +
          `rss ${(memory.rss / MiB).toFixed(1).padStart(6)} MiB  heap used ${(memory.heapUsed / MiB).toFixed(1).padStart(5)} MiB  ` +
          `heap total ${(memory.heapTotal / MiB).toFixed(1).padStart(5)} MiB  ` +
          `external ${(memory.external / MiB).toFixed(1).padStart(5)} MiB  arrayBuffers ${(memory.arrayBuffers / MiB).toFixed(1).padStart(5)} MiB  ` +
          `(resident: malloc ${(memory.resident.brk / MiB).toFixed(1)}, anon ${(memory.resident.anonymous / MiB).toFixed(1)}, files ${(memory.resident.file / MiB).toFixed(1)} MiB)`,
      );
    }
  } finally {
    await server.stop();
  }
  const measured = samples.filter((sample) => !sample.warmup);
  const growthPerRound = {
    rss: leastSquaresSlope(measured.map((sample) => sample.rss)),
    heapUsed: leastSquaresSlope(measured.map((sample) => sample.heapUsed)),
    external: leastSquaresSlope(measured.map((sample) => sample.external)),
    arrayBuffers: leastSquaresSlope(measured.map((sample) => sample.arrayBuffers)),
  };
  const result: MemorySoakResult = {
    bench: 'memory-soak',
    serverRuntime: server.runtime.kind,
    rounds,
    warmupRounds,
    signInsPerRound,
    heapMiB,
    samples,
    growthPerRound,
    failures,
    loadAverageAtStart,
  };
  const perRound = (bytes: number) => `${(bytes / MiB).toFixed(2)} MiB/round`;
  log(
    `  growth     rss ${perRound(growthPerRound.rss)}, heap used ${perRound(growthPerRound.heapUsed)}, ` +
      `external ${perRound(growthPerRound.external)}, arrayBuffers ${perRound(growthPerRound.arrayBuffers)} ` +
      `(least squares over ${measured.length} rounds after warm-up)`,
  );
  if (Object.keys(failures).length > 0) log(`  FAILURES   ${JSON.stringify(failures)}`);
  log(`  load average ${loadAverageAtStart.toFixed(2)} at start (2 CPUs)`);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string' },
      warmup: { type: 'string' },
      'sign-ins': { type: 'string' },
      'heap-mib': { type: 'string' },
      snapshots: { type: 'string' },
    },
  });
  console.log('memory soak');
  await runMemorySoak({
    ...(values.rounds && { rounds: Number(values.rounds) }),
    ...(values.warmup && { warmupRounds: Number(values.warmup) }),
    ...(values['sign-ins'] && { signInsPerRound: Number(values['sign-ins']) }),
    ...(values['heap-mib'] && { heapMiB: Number(values['heap-mib']) }),
    ...(values.snapshots && { snapshots: values.snapshots }),
  });
}
