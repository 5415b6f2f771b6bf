import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { GraphQLClient } from '../testing/graphql-client.js';
import { newestServerRuntime } from '../testing/server-runtime.js';
import { startBuiltServer } from '../testing/start-built-server.js';
import { prepareSignedMessages } from './sign-in/prepare-signed-messages.js';
import { startBareGraphQLWsServer } from './socket-fanout/bare-graphql-ws-server.js';
import { openSubscriptions } from './socket-fanout/open-subscriptions.js';
import { percentile } from './support/percentile.js';

/**
 * Socket fan-out: one instance holds N authenticated sockets of N sessions, each
 * subscribed to `accountEvents`, and delivers an event to each. Measures how
 * long after the mutation that caused it (the session's `signOut`, whose
 * SIGNED_OUT reaches the socket before the socket is closed) returned its
 * event reached the socket, against a bare graphql-ws server
 * (no sessions, no database) delivering N in-process events the same way.
 * Target: p99 under 250 ms with N = 5000.
 */
export const FANOUT_P99_TARGET_MS = 250;

export type SocketFanoutResult = {
  bench: 'socket-fanout';
  sockets: number;
  sigil: { p50: number; p99: number; missed: number };
  baseline: { p50: number; p99: number; missed: number };
  loadAverageAtStart: number;
};

const UNREACHABLE_RPC = 'http://127.0.0.1:9';
/** Mutations in flight at once while events are measured. */
const CONCURRENCY = 32;
/** An event not delivered by then counts as missed. */
const MISS_AFTER_MS = 10_000;

async function inBatches<T>(items: T[], run: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await run(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Delivery delays after each trigger returned (0 when the event came first), and misses. */
async function measure(
  count: number,
  trigger: (index: number) => Promise<void>,
  delivered: (index: number) => Promise<number>,
) {
  const delays: number[] = [];
  let missed = 0;
  await inBatches(
    Array.from({ length: count }, (_, index) => index),
    async (index) => {
      const arrival = delivered(index);
      await trigger(index);
      const returned = performance.now();
      let timer: Parameters<typeof clearTimeout>[0];
      const at = await Promise.race([
        arrival,
        new Promise<undefined>((resolve) => {
          timer = setTimeout(resolve, MISS_AFTER_MS);
        }),
      ]);
      clearTimeout(timer);
      if (at === undefined) missed += 1;
      else delays.push(Math.max(0, at - returned));
    },
  );
  return { p50: percentile(delays, 50), p99: percentile(delays, 99), missed };
}

async function measureSigil(count: number, log: (line: string) => void) {
  const server = await startBuiltServer({
    chains: [{ id: 31337, rpcUrl: UNREACHABLE_RPC }],
    runtime: newestServerRuntime(),
  });
  try {
    const target = { url: server.url, origin: server.url };
    log(`  signing in ${count} accounts (untimed)…`);
    const signed = await prepareSignedMessages({ url: target.url, count });
    const clients = signed.map(() => new GraphQLClient(target));
    const signIn = (client: GraphQLClient, index: number) => {
      const { message, signature } = signed[index] ?? { message: '', signature: '' };
      return client.request(
        'mutation($m: String!, $s: String!) { signIn(message: $m, signature: $s) { session { id } } }',
        { m: message, s: signature },
      );
    };
    await inBatches(clients, async (client, index) => {
      await signIn(client, index);
    });
    log(`  opening ${count} authenticated sockets…`);
    const sockets = await openSubscriptions({
      url: `${target.url.replace(/^http/, 'ws')}/graphql`,
      origin: target.origin,
      subscribers: clients.map((client) => ({
        ...(client.cookie && { cookie: client.cookie }),
        query: 'subscription { accountEvents { type session { id } } }',
      })),
    });
    log(`  measuring ${count} deliveries…`);
    const result = await measure(
      count,
      async (index) => {
        await clients[index]?.request('mutation { signOut }');
      },
      (index) =>
        sockets.nextEvent(index, (data) => JSON.stringify(data).includes('"type":"SIGNED_OUT"')),
    );
    await sockets.close();
    return result;
  } finally {
    await server.stop();
  }
}

async function measureBaseline(count: number) {
  const server = await startBareGraphQLWsServer();
  try {
    const sockets = await openSubscriptions({
      url: server.url,
      origin: 'http://127.0.0.1',
      subscribers: Array.from({ length: count }, (_, index) => ({
        query: `subscription { events(topic: "t${index}") { topic at } }`,
      })),
    });
    const result = await measure(
      count,
      async (index) => {
        await fetch(`${server.publishUrl}?topic=t${index}`, { method: 'POST' });
      },
      (index) => sockets.nextEvent(index, () => true),
    );
    await sockets.close();
    return result;
  } finally {
    await server.close();
  }
}

export async function runSocketFanout(
  parameters: { sockets?: number; log?: (line: string) => void } = {},
): Promise<SocketFanoutResult> {
  const {
    sockets = Number(process.env.BENCH_SOCKETS ?? 5000),
    log = (line: string) => console.log(line),
  } = parameters;
  const loadAverageAtStart = loadavg()[0] ?? 0;
  const sigil = await measureSigil(sockets, log);
  log('  baseline: bare graphql-ws, same sockets…');
  const baseline = await measureBaseline(sockets);
  return { bench: 'socket-fanout', sockets, sigil, baseline, loadAverageAtStart };
}

export function printSocketFanout(result: SocketFanoutResult, log: (line: string) => void) {
  const { sigil, baseline } = result;
  log(
    `  ${result.sockets} sockets of ${result.sockets} sessions (load ${result.loadAverageAtStart.toFixed(1)} at start)`,
  );
  log(
    `  Sigil:    p50 ${sigil.p50.toFixed(1)} ms, p99 ${sigil.p99.toFixed(1)} ms, missed ${sigil.missed}`,
  );
  log(
    `  baseline: p50 ${baseline.p50.toFixed(1)} ms, p99 ${baseline.p99.toFixed(1)} ms, missed ${baseline.missed}`,
  );
  log(
    `  p99 ratio Sigil/baseline ${(sigil.p99 / baseline.p99).toFixed(2)}; target p99 < ${FANOUT_P99_TARGET_MS} ms: ${sigil.p99 < FANOUT_P99_TARGET_MS ? 'met' : 'missed'}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runSocketFanout();
  printSocketFanout(result, (line) => console.log(line));
}
