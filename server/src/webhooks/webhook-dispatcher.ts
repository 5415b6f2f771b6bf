import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config/load-config.js';
import type { Metrics } from '../metrics/metrics.js';
import type { StoreDialect } from '../store/create-database.js';
import type { Db } from '../store/database.js';
import { sendWebhookAttempt } from './send-webhook-attempt.js';
import {
  type AttemptOutcome,
  claimDueDeliveries,
  recordAttempt,
  releaseAllLeases,
  releaseLeases,
  type WebhookDeliveryRow,
} from './webhook-delivery-store.js';

export type WebhookDispatcherParameters = {
  db: Db;
  dialect: StoreDialect;
  clock: Clock;
  config: Pick<Config, 'webhooks' | 'webhookRetryDelaysSeconds'>;
  logger: Logger;
  metrics: Metrics;
  /** How often due deliveries are looked for (other instances' messages, retries). @default 1000 */
  pollIntervalMs?: number;
  /**
   * Attempts in flight on this instance. @default room for every endpoint's
   * share (`perEndpoint` each), at least 8 and at most 64: endpoints that hang
   * hold their own share, never another's
   */
  concurrency?: number;
  /** Attempts in flight to one endpoint: a hung endpoint cannot take every slot. @default 4 */
  perEndpoint?: number;
  /** How long an attempt waits for an answer. @default 10000 */
  attemptTimeoutMs?: number;
};

export type WebhookDispatcher = {
  /** Starts sending: the poll, and a look soon after each `notify`. */
  start(): Promise<void>;
  /**
   * A change that stored messages committed (changes/change-committer.ts):
   * look soon, its rows already visible. Looks so caused are spaced, so a
   * burst of changes costs a few looks, not one each. Does nothing before
   * `start` or after `stop`.
   */
  notify(): void;
  /**
   * Looks for due deliveries now (and starts their attempts); resolves when
   * that look is done. Tests call it after moving the clock.
   */
  wake(): Promise<void>;
  /** Resolves once no look and no attempt is under way. */
  idle(): Promise<void>;
  /**
   * Stops taking deliveries, waits up to `budgetMs` for the attempts in
   * flight, then aborts the rest and hands their deliveries back (their
   * lease cleared), so another instance, or the next start, sends them.
   */
  stop(budgetMs: number): Promise<void>;
};

/**
 * Looks caused by changes are at most this often: a burst of sign-ins costs a
 * bounded number of looks a second, each taking what is due, not one look
 * per sign-in. On PostgreSQL a look is a short query on another connection
 * and other instances share the table, so the spacing is shorter (as often
 * as it looked before the wake came after the commit, bench/README.md §8);
 * on SQLite a look waits for the one connection the sign-ins use.
 */
const SIGNALLED_LOOK_SPACING_MS = { postgres: 5, sqlite: 20 } as const;

type InFlight = { leasedUntil: number; controller: AbortController; done: Promise<void> };

/**
 * Sends stored webhook messages (docs/webhooks.md): picks due deliveries
 * under a lease, makes each attempt at most `concurrency` at a time, writes
 * its outcome, and schedules the next attempt with WEBHOOK_RETRY_DELAYS.
 * Runs beside the API and never in its path: a sign-in only stores rows.
 */
export function createWebhookDispatcher(p: WebhookDispatcherParameters): WebhookDispatcher {
  const { db, dialect, clock, config, logger, metrics } = p;
  const pollIntervalMs = p.pollIntervalMs ?? 1000;
  const perEndpoint = p.perEndpoint ?? 4;
  const concurrency =
    p.concurrency ?? Math.min(64, Math.max(8, perEndpoint * config.webhooks.length));
  const attemptTimeoutMs = p.attemptTimeoutMs ?? 10_000;
  // Past an attempt's own deadline, with room for writing its outcome: a
  // lease runs out only when its instance died mid-attempt.
  const leaseMs = attemptTimeoutMs + 20_000;
  const endpoints = new Map(config.webhooks.map((endpoint) => [endpoint.id, endpoint]));
  const delays = config.webhookRetryDelaysSeconds;

  const inFlight = new Map<string, InFlight>();
  const inFlightPerEndpoint = new Map<string, number>();
  let started = false;
  let stopped = false;
  let picking: Promise<void> | undefined;
  let pickAgain = false;
  /** The last look left due deliveries (no slot, or their endpoint full): look again once an attempt ends. */
  let saturated = false;
  const timers = new Set<NodeJS.Timeout>();
  /** A signalled look is scheduled. */
  let soon = false;
  let lastSignalledLook = 0;

  const outcomeOf = (
    row: WebhookDeliveryRow,
    result: Awaited<ReturnType<typeof sendWebhookAttempt>>,
  ): AttemptOutcome => {
    if (result.ok) return { kind: 'delivered', statusCode: result.statusCode };
    const attempts = row.attempts + 1;
    const delaySeconds = delays[attempts - 1];
    if (delaySeconds === undefined) {
      return {
        kind: 'failed',
        statusCode: result.statusCode,
        error: result.error,
        nextAttemptAt: null,
      };
    }
    return {
      kind: 'retry',
      statusCode: result.statusCode,
      error: result.error,
      nextAttemptAt: clock() + delaySeconds * 1000,
    };
  };

  const attempt = async (row: WebhookDeliveryRow, lease: InFlight): Promise<void> => {
    const endpoint = endpoints.get(row.endpoint);
    const at = clock();
    const result = endpoint
      ? await sendWebhookAttempt({
          url: endpoint.url,
          secret: endpoint.secret,
          webhookId: row.webhook_id,
          at,
          payload: row.payload,
          timeoutMs: attemptTimeoutMs,
          signal: lease.controller.signal,
        })
      : ({ ok: false, statusCode: null, error: 'the endpoint is no longer in WEBHOOKS' } as const);
    // A shutdown cut it short: stop() hands the delivery back unattempted.
    if (lease.controller.signal.aborted) return;
    const outcome = outcomeOf(row, result);
    const recorded = await recordAttempt(db, {
      id: row.id,
      leasedUntil: lease.leasedUntil,
      at,
      outcome,
    });
    if (!recorded) return;
    metrics.webhookAttempted({ endpoint: row.endpoint, outcome: outcome.kind });
    if (outcome.kind !== 'delivered') {
      logger.warn(
        {
          endpoint: row.endpoint,
          webhookId: row.webhook_id,
          deliveryId: row.id,
          attempt: row.attempts + 1,
          statusCode: outcome.statusCode,
          error: outcome.error,
          nextAttemptAt: outcome.nextAttemptAt && new Date(outcome.nextAttemptAt).toISOString(),
        },
        outcome.kind === 'failed'
          ? 'webhook attempt failed; that was the last, the delivery is FAILED'
          : 'webhook attempt failed; it will be retried',
      );
    }
  };

  const startAttempt = (row: WebhookDeliveryRow) => {
    const lease = {
      leasedUntil: row.locked_until as number,
      controller: new AbortController(),
    } as InFlight;
    inFlightPerEndpoint.set(row.endpoint, (inFlightPerEndpoint.get(row.endpoint) ?? 0) + 1);
    lease.done = attempt(row, lease)
      .catch((error: unknown) => {
        // The database failed while writing the outcome: the lease runs out and it is tried again.
        logger.warn({ err: error, deliveryId: row.id }, 'webhook attempt could not be recorded');
      })
      .finally(() => {
        inFlight.delete(row.id);
        inFlightPerEndpoint.set(row.endpoint, (inFlightPerEndpoint.get(row.endpoint) ?? 1) - 1);
        if (saturated) void pick();
      });
    inFlight.set(row.id, lease);
  };

  const pickOnce = async () => {
    const free = concurrency - inFlight.size;
    const full = [...endpoints.keys()].filter(
      (endpoint) => (inFlightPerEndpoint.get(endpoint) ?? 0) >= perEndpoint,
    );
    // Nothing could be taken now: no query until an attempt ends.
    if (free <= 0 || full.length === endpoints.size) {
      saturated = true;
      return;
    }
    const { rows, leftDue } = await claimDueDeliveries(db, {
      dialect,
      now: clock(),
      leaseMs,
      limit: free,
      inFlight: new Set(inFlight.keys()),
      fullEndpoints: full,
      endpointHasRoom: (endpoint, takenNow) =>
        (inFlightPerEndpoint.get(endpoint) ?? 0) + takenNow < perEndpoint,
    });
    saturated = leftDue;
    // Stopped while claiming: hand them straight back.
    if (stopped) {
      await releaseLeases(
        db,
        rows.map((row) => ({ id: row.id, leasedUntil: row.locked_until as number })),
      );
      return;
    }
    for (const row of rows) startAttempt(row);
  };

  const pick = (): Promise<void> => {
    if (stopped || !started) return Promise.resolve();
    if (picking) {
      pickAgain = true;
      return picking;
    }
    picking = (async () => {
      do {
        pickAgain = false;
        await pickOnce();
      } while (pickAgain && !stopped);
    })()
      .catch((error: unknown) => {
        logger.warn(
          { err: error },
          'looking for due webhook deliveries failed; the next look tries again',
        );
      })
      .finally(() => {
        picking = undefined;
      });
    return picking;
  };

  const later = (ms: number, task: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      task();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  return {
    async start() {
      // No endpoints: nothing is ever stored, so nothing to look for.
      if (started || endpoints.size === 0) return;
      if (dialect === 'sqlite') await releaseAllLeases(db);
      started = true;
      const poll = setInterval(() => void pick(), pollIntervalMs);
      poll.unref();
      timers.add(poll);
      void pick();
    },
    notify() {
      if (!started || stopped || soon) return;
      soon = true;
      const spacing = SIGNALLED_LOOK_SPACING_MS[dialect];
      later(Math.max(0, lastSignalledLook + spacing - performance.now()), () => {
        soon = false;
        lastSignalledLook = performance.now();
        void pick();
      });
    },
    wake: () => pick(),
    async idle() {
      while (picking || inFlight.size > 0) {
        await picking;
        await Promise.allSettled([...inFlight.values()].map((lease) => lease.done));
      }
    },
    async stop(budgetMs) {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await picking;
      if (inFlight.size === 0) return;
      let budget: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight.values()].map((lease) => lease.done)),
        new Promise<void>((resolve) => {
          budget = setTimeout(resolve, budgetMs);
        }),
      ]);
      clearTimeout(budget);
      const unfinished = [...inFlight.entries()];
      if (unfinished.length === 0) return;
      for (const [, lease] of unfinished) lease.controller.abort();
      await Promise.allSettled(unfinished.map(([, lease]) => lease.done));
      await releaseLeases(
        db,
        unfinished.map(([id, lease]) => ({ id, leasedUntil: lease.leasedUntil })),
      );
      logger.info(
        { deliveries: unfinished.length },
        'webhook attempts still in flight at shutdown were handed back',
      );
    },
  };
}
