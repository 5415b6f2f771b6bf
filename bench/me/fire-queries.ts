// The load generator of the `me` bench, run by me-throughput.ts in its own
// process pinned to the CPU the server does not use:
//   fire-queries.ts <spec .json>
// Sends `warmup` then `count` identical GraphQL POSTs, `concurrency` in flight
// over keep-alive connections (node:http, lighter than fetch, so the client
// is not what limits a bare server), checks each answer, and prints one JSON
// line with the CPU time the server process used during the timed requests.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from '../support/percentile.js';
import { processCpuSeconds } from '../support/process-cpu-seconds.js';

export type FireQueriesSpec = {
  /** Where to POST, e.g. http://127.0.0.1:4000/graphql */
  url: string;
  serverPid: number;
  /** The JSON body, sent as is. */
  body: string;
  headers: Record<string, string>;
  /** A text every successful answer contains (e.g. the account's address). */
  expect: string;
  warmup: number;
  count: number;
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

function post(spec: FireQueriesSpec, agent: Agent): Promise<string> {
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

async function fire(spec: FireQueriesSpec, agent: Agent, count: number) {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
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
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  return { latencies, failures, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  const [specPath] = process.argv.slice(2);
  if (!specPath) throw new Error('usage: fire-queries.ts <spec.json>');
  const spec = JSON.parse(readFileSync(specPath, 'utf8')) as FireQueriesSpec;
  const agent = new Agent({ keepAlive: true, maxSockets: spec.concurrency });

  const warmup = await fire(spec, agent, spec.warmup);
  if (Object.keys(warmup.failures).length > 0) {
    process.stderr.write(`  warm-up failures: ${JSON.stringify(warmup.failures)}\n`);
  }
  const cpuBefore = processCpuSeconds(spec.serverPid);
  const { latencies, failures, seconds } = await fire(spec, agent, spec.count);
  const serverCpuSeconds = processCpuSeconds(spec.serverPid) - cpuBefore;
  agent.destroy();
  const failed = Object.values(failures).reduce((sum, n) => sum + n, 0);
  const succeeded = spec.count - failed;
  const result: FireQueriesResult = {
    sent: spec.count,
    succeeded,
    failures,
    seconds,
    queriesPerSecond: succeeded / seconds,
    serverCpuSeconds,
    latencyMs: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
    },
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
