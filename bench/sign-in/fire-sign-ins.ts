// The load generator of the sign-in bench, run by sign-in-throughput.ts in its
// own process pinned to the CPU the server does not use:
//   fire-sign-ins.ts <server url> <server pid> <signed message set .json> <concurrency>
// Sends the warm-up set, then the measured set, each with at most <concurrency>
// requests in flight over keep-alive connections, and prints one JSON line,
// with the CPU time the server process used during the measured set.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { isAddressEqual } from 'viem';
import { describeErrors, graphqlRequest } from '../../testing/graphql-client.js';
import { percentile } from '../support/percentile.js';
import { processCpuSeconds } from '../support/process-cpu-seconds.js';
import { SIGN_IN_MUTATION } from './sign-in-mutation.js';
import type { SignedMessage, SignedMessageSet } from './signed-message.js';

export type FireSignInsResult = {
  sent: number;
  succeeded: number;
  /** Refusals and transport errors by code or message, with a count each. */
  failures: Record<string, number>;
  seconds: number;
  signInsPerSecond: number;
  /** Sign-ins per second during the warm-up, while V8 was still compiling the server's code. */
  warmupSignInsPerSecond: number;
  /** CPU seconds (every thread) the server used during the measured set. */
  serverCpuSeconds: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
};

type SignInData = { signIn: { account: { address: string } } };

async function fire(url: string, set: SignedMessage[], concurrency: number) {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < set.length) {
      const signed = set[next++] as SignedMessage;
      const started = performance.now();
      let failure: string | undefined;
      try {
        // No cookie kept: each sign-in is a newcomer's, as in the web app's first visit.
        const body = await graphqlRequest<SignInData>({
          url,
          query: SIGN_IN_MUTATION,
          variables: { message: signed.message, signature: signed.signature },
          origin: new URL(url).origin,
        });
        const address = body.data?.signIn.account.address;
        if (!address) failure = describeErrors(body);
        else if (!isAddressEqual(address as `0x${string}`, signed.address))
          failure = 'WRONG_ACCOUNT';
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      latencies.push(performance.now() - started);
      if (failure) failures[failure] = (failures[failure] ?? 0) + 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { latencies, failures, seconds };
}

async function main() {
  const [url, pidText, setPath, concurrencyText] = process.argv.slice(2);
  if (!url || !pidText || !setPath) {
    throw new Error('usage: fire-sign-ins.ts <url> <server pid> <set.json> <concurrency>');
  }
  const serverPid = Number(pidText);
  const concurrency = Number(concurrencyText ?? 16);
  const set = JSON.parse(readFileSync(setPath, 'utf8')) as SignedMessageSet;

  const warmup = await fire(url, set.warmup, concurrency);
  const warmupFailures = Object.values(warmup.failures).reduce((sum, n) => sum + n, 0);
  if (warmupFailures > 0) {
    process.stderr.write(`  warm-up failures: ${JSON.stringify(warmup.failures)}\n`);
  }

  const cpuBefore = processCpuSeconds(serverPid);
  const { latencies, failures, seconds } = await fire(url, set.measured, concurrency);
  const serverCpuSeconds = processCpuSeconds(serverPid) - cpuBefore;
  const failed = Object.values(failures).reduce((sum, n) => sum + n, 0);
  const succeeded = set.measured.length - failed;
  const result: FireSignInsResult = {
    sent: set.measured.length,
    succeeded,
    failures,
    seconds,
    signInsPerSecond: succeeded / seconds,
    warmupSignInsPerSecond:
      set.warmup.length > 0 ? (set.warmup.length - warmupFailures) / warmup.seconds : 0,
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
