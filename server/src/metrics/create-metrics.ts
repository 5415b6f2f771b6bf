import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { HOUSEKEPT_TABLES, type Metrics, type MetricsSources } from './metrics.js';

/**
 * Sign-in latency buckets, in seconds: an EOA sign-in takes a few
 * milliseconds; a contract wallet waits on its chain, up to the 10 s deadline.
 */
const SIGN_IN_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Metrics on a prom-client registry of this server instance's own (tests run
 * several instances in one process; the global registry would mix them).
 *
 * Names follow Prometheus's conventions: `sigil_` prefix, base units
 * (seconds), `_total` on counters. prom-client's default metrics (process,
 * heap, GC, event-loop lag) keep their standard names, unprefixed, because
 * that is what the usual Node.js dashboards and alerts query.
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const sources: Partial<MetricsSources> = {};

  const signIns = new Counter({
    name: 'sigil_sign_ins_total',
    help: 'signIn mutations by outcome: code is ok or the error code; wallet_kind is unknown until the signature is verified.',
    labelNames: ['code', 'wallet_kind'] as const,
    registers,
  });
  const signInDuration = new Histogram({
    name: 'sigil_sign_in_duration_seconds',
    help: 'Time a signIn mutation took, rate limit to session, by outcome code.',
    labelNames: ['code'] as const,
    buckets: SIGN_IN_BUCKETS,
    registers,
  });
  const noncesIssued = new Counter({
    name: 'sigil_nonces_issued_total',
    help: 'Nonces issued by createNonce.',
    registers,
  });
  const noncesConsumed = new Counter({
    name: 'sigil_nonces_consumed_total',
    help: 'Nonces marked used by a sign-in or link attempt, whatever its outcome.',
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: 'sigil_rate_limit_refusals_total',
    help: 'Requests refused by a per-client rate limit, by operation.',
    labelNames: ['operation'] as const,
    registers,
  });
  const socketLimitRefusals = new Counter({
    name: 'sigil_socket_limit_refusals_total',
    help: 'Websocket upgrades and operations refused by a bound on what one client, session or socket holds open.',
    labelNames: ['limit'] as const,
    registers,
  });
  const housekeepingDeleted = new Counter({
    name: 'sigil_housekeeping_deleted_rows_total',
    help: 'Rows deleted by housekeeping: ended or expired sessions, used or expired nonces.',
    labelNames: ['table'] as const,
    registers,
  });
  const housekeepingFailures = new Counter({
    name: 'sigil_housekeeping_failures_total',
    help: 'Housekeeping runs that failed (the next run tries again).',
    registers,
  });
  // Known from the start, so a rate() over them starts at zero rather than absent.
  for (const table of HOUSEKEPT_TABLES) housekeepingDeleted.inc({ table }, 0);

  const webhookDeliveries = new Counter({
    name: 'sigil_webhook_deliveries_total',
    help: 'Webhook attempts by endpoint and outcome: delivered (a 2xx), retry (another attempt is scheduled) or failed (that was the last).',
    labelNames: ['endpoint', 'outcome'] as const,
    registers,
  });
  new Gauge({
    name: 'sigil_webhook_oldest_pending_seconds',
    help: 'Age of the oldest webhook message not yet delivered nor failed, 0 when none waits.',
    registers,
    async collect() {
      const seconds = await sources.oldestPendingWebhookSeconds?.();
      if (seconds !== undefined) this.set(seconds);
    },
  });
  new Gauge({
    name: 'sigil_open_websockets',
    help: 'Websockets open on this instance.',
    registers,
    collect() {
      if (sources.openWebsockets) this.set(sources.openWebsockets());
    },
  });
  new Gauge({
    name: 'sigil_active_subscriptions',
    help: 'accountEvents subscriptions running on this instance, over websockets or server-sent events.',
    registers,
    collect() {
      if (sources.activeSubscriptions) this.set(sources.activeSubscriptions());
    },
  });
  new Gauge({
    name: 'sigil_signature_pool_queue_depth',
    help: 'Signature recoveries waiting for a free worker thread.',
    registers,
    collect() {
      if (sources.signaturePool) this.set(sources.signaturePool().queueDepth);
    },
  });
  new Gauge({
    name: 'sigil_signature_pool_utilisation_ratio',
    help: 'Share of signature-recovery worker threads busy at the scrape, 0 to 1.',
    registers,
    collect() {
      if (sources.signaturePool) this.set(sources.signaturePool().utilisation);
    },
  });
  new Gauge({
    name: 'sigil_dependency_up',
    help: 'Whether a dependency answers, as /readyz sees it: 1 up, 0 down. Redis appears only when REDIS_URL is set.',
    labelNames: ['dependency'] as const,
    registers,
    async collect() {
      if (!sources.dependencies) return;
      const { database, redis } = await sources.dependencies();
      this.reset();
      this.set({ dependency: 'database' }, database ? 1 : 0);
      if (redis !== 'off') this.set({ dependency: 'redis' }, redis === 'ok' ? 1 : 0);
    },
  });

  return {
    signInFinished({ code, walletKind, seconds }) {
      signIns.inc({ code, wallet_kind: walletKind ?? 'unknown' });
      signInDuration.observe({ code }, seconds);
    },
    nonceIssued: () => noncesIssued.inc(),
    nonceConsumed: () => noncesConsumed.inc(),
    rateLimitRefused: (operation) => rateLimitRefusals.inc({ operation }),
    socketLimitRefused: (limit) => socketLimitRefusals.inc({ limit }),
    housekept({ table, deleted }) {
      housekeepingDeleted.inc({ table }, deleted);
    },
    housekeepingFailed: () => housekeepingFailures.inc(),
    webhookAttempted: ({ endpoint, outcome }) => webhookDeliveries.inc({ endpoint, outcome }),
    observe(more) {
      Object.assign(sources, more);
    },
    expose: async () => ({ contentType: registry.contentType, text: await registry.metrics() }),
  };
}
