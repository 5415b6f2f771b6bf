// Webhooks: (1) how long a message takes from the change to the receiver, for
// sign-ins one after another with a local receiver that verifies every message;
// (2) the sign-in bench plain, with a receiver that answers, and with a
// receiver that holds every request (a hung endpoint), per CPU-second: storing
// messages is in the sign-in's path, sending them must not be.
//
//   node --import tsx bench/webhooks.ts     (alone; `npm run bench -- webhooks` from run.ts)
//
// BENCH_WEBHOOK_SIGN_INS (default 200) sets how many sign-ins the latency part times.
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { describeErrors, graphqlRequest } from '../testing/graphql-client.js';
import { newestServerRuntime, type ServerRuntime } from '../testing/server-runtime.js';
import { POSTGRES_URL, serviceAvailable } from '../testing/services.js';
import { startBuiltServer } from '../testing/start-built-server.js';
import { prepareSignedMessages } from './sign-in/prepare-signed-messages.js';
import { SIGN_IN_MUTATION } from './sign-in/sign-in-mutation.js';
import { runSignInThroughput } from './sign-in-throughput.js';
import { percentile } from './support/percentile.js';

export type WebhooksResult = {
  bench: 'webhooks';
  /** From the change (the message's `timestamp`) to the receiver reading a verified message, on SQLite. */
  latency: Latency;
  /** The same on PostgreSQL; absent when it is not running. */
  postgresLatency?: Latency;
  /** The sign-in bench's ratios (sign-ins per recovery, per CPU-second). */
  signIn: {
    plain: { ratio: number; cpuRatio: number };
    answering: { ratio: number; cpuRatio: number };
    hung: { ratio: number; cpuRatio: number; requestsHeld: number };
  };
  loadAverageAtStart: number;
};

type Latency = { signIns: number; messages: number; p50Ms: number; p99Ms: number; maxMs: number };

const UNREACHABLE_RPC = 'http://127.0.0.1:9';

type Receiver = { url: string; secret: string; requests: number; close(): Promise<void> };

/** Verifies every message; `hold` answers none (each request stays open until the sender gives up). */
async function startReceiver(
  p: { hold?: boolean; onMessage?: (type: string, timestamp: string) => void } = {},
): Promise<Receiver> {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const webhook = new Webhook(secret);
  const receiver: Receiver = { url: '', secret, requests: 0, close: async () => {} };
  const server: Server = createHttpServer(async (req, res) => {
    receiver.requests += 1;
    if (p.hold) return;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    try {
      const message = webhook.verify(body, req.headers as Record<string, string>) as {
        type: string;
        timestamp: string;
      };
      p.onMessage?.(message.type, message.timestamp);
      res.writeHead(204).end();
    } catch {
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

const webhooksEnv = (receiver: Receiver, events?: string[]) => ({
  WEBHOOKS: JSON.stringify([
    { id: 'bench', url: receiver.url, secret: receiver.secret, ...(events && { events }) },
  ]),
});

/** A schema of its own on the machine's PostgreSQL, dropped after. */
async function withPostgresSchema<T>(use: (url: string) => Promise<T>): Promise<T> {
  const schema = `sigil_bench_webhooks_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    const url = new URL(POSTGRES_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return await use(url.toString());
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

export async function measureLatency(
  signIns: number,
  log: (line: string) => void,
  databaseUrl?: string,
  runtime: ServerRuntime = newestServerRuntime(),
): Promise<Latency> {
  const latencies: number[] = [];
  let expected = 0;
  let resolveAll: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    resolveAll = resolve;
  });
  const receiver = await startReceiver({
    onMessage: (_type, timestamp) => {
      latencies.push(Date.now() - Date.parse(timestamp));
      if (expected > 0 && latencies.length >= expected) resolveAll();
    },
  });
  const server = await startBuiltServer({
    chains: [{ id: 31337, rpcUrl: UNREACHABLE_RPC }],
    env: {
      ...webhooksEnv(receiver, ['session.created']),
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    },
    runtime,
  });
  try {
    log(
      `  latency on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}: ${signIns} sign-ins one after another, a local receiver verifying each message…`,
    );
    const signed = await prepareSignedMessages({ url: server.url, count: signIns });
    expected = signIns;
    for (const { message, signature } of signed) {
      const result = await graphqlRequest({
        url: server.url,
        query: SIGN_IN_MUTATION,
        variables: { message, signature },
        origin: new URL(server.url).origin,
      });
      if (!result.data) throw new Error(`signIn failed: ${describeErrors(result)}`);
    }
    await Promise.race([
      all,
      new Promise((_, reject) =>
        setTimeout(
          () => reject(new Error('not every message arrived within 30 s')),
          30_000,
        ).unref(),
      ),
    ]);
  } finally {
    await server.stop();
    await receiver.close();
  }
  return {
    signIns,
    messages: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.max(...latencies),
  };
}

export async function runWebhooks(
  parameters: { signIns?: number; log?: (line: string) => void } = {},
): Promise<WebhooksResult> {
  const {
    signIns = Number(process.env.BENCH_WEBHOOK_SIGN_INS ?? 200),
    log = (line: string) => console.log(line),
  } = parameters;
  const loadAverageAtStart = loadavg()[0] ?? 0;
  // One runtime for every run: a build made meanwhile must not compare dist with tsx.
  const runtime = newestServerRuntime();
  log(`  server: ${runtime.kind} (${runtime.reason}) for every run`);
  const latency = await measureLatency(signIns, log, undefined, runtime);
  const postgresLatency = (await serviceAvailable('PostgreSQL'))
    ? await withPostgresSchema((url) => measureLatency(signIns, log, url, runtime))
    : undefined;

  log('  sign-in bench, no webhooks…');
  const plain = await runSignInThroughput({ log, runtime });
  const answering = await startReceiver();
  let answered: Awaited<ReturnType<typeof runSignInThroughput>>;
  try {
    log('  sign-in bench, every message type to a receiver that answers…');
    answered = await runSignInThroughput({ log, runtime, env: webhooksEnv(answering) });
  } finally {
    await answering.close();
  }
  const hung = await startReceiver({ hold: true });
  let held: Awaited<ReturnType<typeof runSignInThroughput>>;
  try {
    log('  sign-in bench, every message type to a receiver that never answers…');
    held = await runSignInThroughput({ log, runtime, env: webhooksEnv(hung) });
  } finally {
    await hung.close();
  }
  const result: WebhooksResult = {
    bench: 'webhooks',
    latency,
    ...(postgresLatency && { postgresLatency }),
    signIn: {
      plain: { ratio: plain.ratio, cpuRatio: plain.cpu.ratio },
      answering: { ratio: answered.ratio, cpuRatio: answered.cpu.ratio },
      hung: { ratio: held.ratio, cpuRatio: held.cpu.ratio, requestsHeld: hung.requests },
    },
    loadAverageAtStart,
  };
  printWebhooks(result, log);
  return result;
}

export function printWebhooks(result: WebhooksResult, log: (line: string) => void) {
  const { latency, postgresLatency, signIn } = result;
  for (const [name, figures] of [
    ['SQLite', latency],
    ['PostgreSQL', postgresLatency],
  ] as const) {
    if (!figures) continue;
    log(
      `  change → receipt  ${name}: p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms over ${figures.messages} messages`,
    );
  }
  for (const [name, run] of Object.entries(signIn)) {
    log(
      `  sign-in, ${name.padEnd(9)} ratio ${run.ratio.toFixed(3)}, per CPU-second ${run.cpuRatio.toFixed(3)}` +
        ('requestsHeld' in run ? ` (${run.requestsHeld} requests held)` : ''),
    );
  }
  log(`  load average      ${result.loadAverageAtStart.toFixed(2)} at start`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runWebhooks();
}
