import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureBound } from '../../../testing/failure-bound.js';
import { REDIS_URL, serviceAvailable } from '../../../testing/services.js';
import { type BuiltServer, startBuiltServer } from '../../../testing/start-built-server.js';
import { waitFor } from '../../../testing/wait-for.js';
import { errorCode, TestClient, testAccount } from '../support/graphql-client.js';
import { listeningPorts } from '../support/listening-ports.js';
import { metricsOf } from '../support/metrics-of.js';
import {
  type Exposition,
  parsePrometheusText,
  sampleValue,
} from '../support/parse-prometheus-text.js';
import { subscribeAccountEvents } from '../support/subscribe-account-events.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** `npm start`'s entry point, compiled at load: what these tests run is the sources as they are. */
const SOURCES = {
  kind: 'tsx' as const,
  nodeArguments: ['--import', 'tsx', 'server/src/main.ts'],
  reason: 'sources',
};
const CHAINS = [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }];
/** Failure bound for a reading to arrive at a value; the wait ends as soon as it does. */
const READING_BOUND_MS = failureBound(10_000);

async function scrape(url: string): Promise<{ response: Response; exposition: Exposition }> {
  const response = await fetch(url);
  return { response, exposition: parsePrometheusText(await response.text()) };
}

/** Scrapes until `holds` is true of what the endpoint says, and returns that scrape. */
async function scrapeUntil(url: string, holds: (exposition: Exposition) => boolean) {
  let last: Exposition | undefined;
  let done = false;
  const deadline = Date.now() + READING_BOUND_MS;
  while (!done) {
    last = (await scrape(url)).exposition;
    done = holds(last);
    if (!done && Date.now() > deadline) throw new Error('the metrics never showed it');
  }
  return last as Exposition;
}

describe('the metrics endpoint of the real process, on METRICS_PORT', () => {
  let server: BuiltServer;
  let metricsPort: number;
  let metricsUrl: string;
  let target: { url: string; origin: string };

  beforeAll(async () => {
    server = await startBuiltServer({ chains: CHAINS, metrics: true, runtime: SOURCES });
    metricsPort = server.metricsPort as number;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    target = { url: `http://127.0.0.1:${server.port}`, origin: server.url };
  });
  afterAll(() => server?.stop());

  it('listens on PORT and METRICS_PORT, and on nothing else', () => {
    expect(listeningPorts(server.pid)).toEqual([server.port, metricsPort].sort((a, b) => a - b));
  });

  it('after a sign-in and a replayed one, counts each by outcome, with its latency and its nonce', async () => {
    const client = new TestClient(target);
    const message = await client.prepareMessage(testAccount(0));
    const signature = await testAccount(0).signMessage({ message });
    expect((await client.signIn(message, signature)).errors).toBeUndefined();
    const replay = await new TestClient(target).signIn(message, signature);
    expect(errorCode(replay)).toBe('INVALID_NONCE');

    const { response, exposition } = await scrape(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const value = (name: string, labels?: Record<string, string>) =>
      sampleValue(exposition, name, labels);

    expect(value('sigil_sign_ins_total', { code: 'ok', wallet_kind: 'EOA' })).toBe(1);
    expect(value('sigil_sign_ins_total', { code: 'INVALID_NONCE', wallet_kind: 'unknown' })).toBe(
      1,
    );
    expect(value('sigil_sign_in_duration_seconds_count', { code: 'ok' })).toBe(1);
    expect(value('sigil_sign_in_duration_seconds_sum', { code: 'ok' })).toBeGreaterThan(0);
    expect(value('sigil_sign_in_duration_seconds_bucket', { code: 'ok', le: '+Inf' })).toBe(1);
    expect(value('sigil_nonces_issued_total')).toBe(1);
    // The replay found its nonce used: nothing more was consumed.
    expect(value('sigil_nonces_consumed_total')).toBe(1);
    expect(value('sigil_dependency_up', { dependency: 'database' })).toBe(1);
    // Without REDIS_URL there is no Redis to report on.
    expect(value('sigil_dependency_up', { dependency: 'redis' })).toBeUndefined();
    expect(value('sigil_signature_pool_queue_depth')).toBe(0);
    expect(value('sigil_signature_pool_utilisation_ratio')).toBe(0);
    // Process metrics and the event-loop lag, from prom-client's defaults.
    expect(value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(value('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);

    // Every metric of Sigil's own says what it is.
    const families = [...exposition.types.keys()].filter((name) => name.startsWith('sigil_'));
    expect(families.length).toBeGreaterThanOrEqual(11);
    expect(families.filter((family) => !exposition.help.get(family)?.trim())).toEqual([]);
  });

  it('shows an open websocket and its subscription while they last', async () => {
    const client = new TestClient(target);
    expect((await client.signInAs(testAccount(1))).errors).toBeUndefined();
    const socket = await subscribeAccountEvents(client);
    const open = await scrapeUntil(
      metricsUrl,
      (e) => sampleValue(e, 'sigil_active_subscriptions') === 1,
    );
    expect(sampleValue(open, 'sigil_open_websockets')).toBe(1);

    await socket.dispose();
    await scrapeUntil(
      metricsUrl,
      (e) =>
        sampleValue(e, 'sigil_active_subscriptions') === 0 &&
        sampleValue(e, 'sigil_open_websockets') === 0,
    );
  });

  it('serves nothing else on the metrics port, and no metrics on the public port', async () => {
    expect((await fetch(`http://127.0.0.1:${metricsPort}/graphql`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(`${target.url}/metrics`)).status).toBe(404);
  });

  it('shuts down gracefully (exit 0) with a scrape connection kept alive on the metrics port', async () => {
    // fetch keeps its connection to the metrics port open after the last scrape: closing the
    // metrics listener must not wait on it, or the shutdown would run out its time and exit 1.
    expect((await fetch(metricsUrl)).status).toBe(200);
    process.kill(server.pid, 'SIGTERM');
    expect(await server.exited).toBe(0);
    // Nothing listens there any more.
    await expect(fetch(metricsUrl)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
  });
});

describe('metrics off (no METRICS_PORT, the default)', () => {
  let server: BuiltServer;

  beforeAll(async () => {
    server = await startBuiltServer({ chains: CHAINS, runtime: SOURCES });
  });
  afterAll(() => server?.stop());

  it('listens on PORT alone, and /metrics is not found there', async () => {
    expect(listeningPorts(server.pid)).toEqual([server.port]);
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`)).status).toBe(404);
  });
});

describe('metrics read in process', () => {
  let server: TestServer;
  const read = () => metricsOf(server);

  beforeAll(async () => {
    server = await startTestServer({
      metrics: true,
      env: { RATE_LIMIT_PER_MINUTE: '1' },
    });
  });
  afterAll(() => server?.close());

  it('counts rate-limit refusals by operation, and a refused sign-in by its code', async () => {
    const client = new TestClient(server);
    await client.createNonce();
    expect(errorCode(await client.request('mutation { createNonce { value } }'))).toBe(
      'RATE_LIMITED',
    );
    expect(errorCode(await client.signIn('not a message', '0x00'))).toBe('INVALID_MESSAGE');
    expect(errorCode(await client.signIn('not a message', '0x00'))).toBe('RATE_LIMITED');

    const exposition = await read();
    expect(
      sampleValue(exposition, 'sigil_rate_limit_refusals_total', { operation: 'createNonce' }),
    ).toBe(1);
    expect(
      sampleValue(exposition, 'sigil_rate_limit_refusals_total', { operation: 'signIn' }),
    ).toBe(1);
    expect(sampleValue(exposition, 'sigil_sign_ins_total', { code: 'RATE_LIMITED' })).toBe(1);
    expect(sampleValue(exposition, 'sigil_sign_ins_total', { code: 'INVALID_MESSAGE' })).toBe(1);
    expect(sampleValue(exposition, 'sigil_nonces_issued_total')).toBe(1);
  });

  it('reports the database down once it stops answering', async () => {
    expect(sampleValue(await read(), 'sigil_dependency_up', { dependency: 'database' })).toBe(1);
    await server.services.store.close();
    expect(sampleValue(await read(), 'sigil_dependency_up', { dependency: 'database' })).toBe(0);
  });
});

describe.skipIf(!(await serviceAvailable('Redis')))('metrics with Redis', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      metrics: true,
      env: { REDIS_URL },
    });
  });
  afterAll(() => server?.close());

  it('reports Redis up once connected', async () => {
    await waitFor(
      () =>
        server.services.events.redisHealth() === 'ok' &&
        server.services.rateLimiter.redisHealth() === 'ok',
      READING_BOUND_MS,
    );
    expect(
      sampleValue(await metricsOf(server), 'sigil_dependency_up', { dependency: 'redis' }),
    ).toBe(1);
  });
});
