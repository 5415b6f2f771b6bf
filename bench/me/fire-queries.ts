// The load generator of the `me` bench, run by me-throughput.ts in its own
// process pinned to the CPU the servers do not use:
//   fire-queries.ts <spec .json>
// For each target (a server and the request it answers): `warmup` POSTs, then
// `count` timed ones split into `rounds`, the targets taking turns round by
// round (in reversed order every other round), so a change in the machine's
// speed during the run (a neighbour, frequency) falls on every target alike.
// `concurrency` in flight over keep-alive connections (node:http, lighter
// than fetch, so the client is not what limits a bare server); each answer is
// checked. Prints one JSON line: per target, the figures and the CPU time its
// server process used during its timed requests.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from '../support/percentile.js';
import { processCpuSeconds } from '../support/process-cpu-seconds.js';

export type FireTarget = {
  name: string;
  /** Where to POST, e.g. http://127.0.0.1:4000/graphql */
  url: string;
  serverPid: number;
  /** The JSON body, sent as is. */
  body: string;
  headers: Record<string, string>;
  /** A text every successful answer contains (e.g. the account's address). */
  expect: string;
};

export type FireQueriesSpec = {
  targets: FireTarget[];
  warmup: number;
  /** Timed requests per target. */
  count: number;
  /** How many turns each target takes; `count` is split evenly among them. */
  rounds: number;
  concurrency: number;
};

export type FireQueriesResult = {
  sent: number;
  succeeded: number;
  failures: Record<string, number>;
  seconds: number;
  queriesPerSecond: number;
  serverCpuSeconds: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
};

function post(spec: FireTarget, agent: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      spec.url,
      {
        method: 'POST',
        agent,
        headers: { ...spec.headers, 'content-length': Buffer.byteLength(spec.body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200)
            reject(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`));
          else resolve(text);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(spec.body);
  });
}

type Tally = { latencies: number[]; failures: Record<string, number>; seconds: number };

async function fire(
  spec: FireTarget,
  agent: Agent,
  count: number,
  concurrency: number,
  tally: Tally,
) {
  const { latencies, failures } = tally;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const started = performance.now();
      let failure: string | undefined;
      try {
        const text = await post(spec, agent);
        if (!text.includes(spec.expect)) failure = `unexpected answer: ${text.slice(0, 200)}`;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      latencies.push(performance.now() - started);
      if (failure) failures[failure] = (failures[failure] ?? 0) + 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  tally.seconds += (performance.now() - started) / 1000;
}

async function main() {
  const [specPath] = process.argv.slice(2);
  if (!specPath) throw new Error('usage: fire-queries.ts <spec.json>');
  const spec = JSON.parse(readFileSync(specPath, 'utf8')) as FireQueriesSpec;
  const perRound = Math.ceil(spec.count / spec.rounds);
  const runs = spec.targets.map((target) => ({
    target,
    agent: new Agent({ keepAlive: true, maxSockets: spec.concurrency }),
    tally: { latencies: [], failures: {}, seconds: 0 } as Tally,
    sent: 0,
    serverCpuSeconds: 0,
  }));

  for (const run of runs) {
    const warmup: Tally = { latencies: [], failures: {}, seconds: 0 };
    await fire(run.target, run.agent, spec.warmup, spec.concurrency, warmup);
    if (Object.keys(warmup.failures).length > 0) {
      process.stderr.write(
        `  ${run.target.name} warm-up failures: ${JSON.stringify(warmup.failures)}\n`,
      );
    }
  }
  for (let round = 0; round < spec.rounds; round++) {
    const order = round % 2 === 0 ? runs : [...runs].reverse();
    for (const run of order) {
      const count = Math.min(perRound, spec.count - run.sent);
      const cpuBefore = processCpuSeconds(run.target.serverPid);
      await fire(run.target, run.agent, count, spec.concurrency, run.tally);
      run.serverCpuSeconds += processCpuSeconds(run.target.serverPid) - cpuBefore;
      run.sent += count;
    }
  }

  const results: Record<string, FireQueriesResult> = {};
  for (const { target, agent, tally, sent, serverCpuSeconds } of runs) {
    agent.destroy();
    const failed = Object.values(tally.failures).reduce((sum, n) => sum + n, 0);
    const succeeded = sent - failed;
    results[target.name] = {
      sent,
      succeeded,
      failures: tally.failures,
      seconds: tally.seconds,
      queriesPerSecond: succeeded / tally.seconds,
      serverCpuSeconds,
      latencyMs: {
        p50: percentile(tally.latencies, 50),
        p95: percentile(tally.latencies, 95),
        p99: percentile(tally.latencies, 99),
        max: percentile(tally.latencies, 100),
      },
    };
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

await main();
