import { setImmediate as nextTurn } from 'node:timers/promises';
import { deleteAuditEventsBefore } from '../audit/audit-event-store.js';
import { deleteStaleNonces } from '../auth/nonce/nonce-store.js';
import type { HousekeptTable } from '../metrics/metrics.js';
import { deleteExpiredOidcModels } from '../oidc/kysely-oidc-adapter.js';
import { deleteStalePasskeyChallenges } from '../passkeys/passkey-challenge-store.js';
import type { Services } from '../services.js';
import { deleteEndedSessions } from '../sessions/delete-ended-sessions.js';
import { sessionLifetimes } from '../sessions/session-lifetimes.js';
import { deleteDeliveredBefore } from '../webhooks/webhook-delivery-store.js';

/** How long a delivered webhook message stays listed (docs/webhooks.md). */
export const DELIVERED_WEBHOOK_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export type RunHousekeepingParameters = {
  /** Rows per delete statement. @default 500 */
  batchSize?: number;
  /** Asked between batches: a shutdown stops a long run there. @default never */
  stopped?: () => boolean;
};

export type HousekeepingReport = Record<HousekeptTable, number> & {
  /** Delete statements run, over every table. */
  batches: number;
};

/**
 * One housekeeping run at the server's time (`services.clock`): deletes
 * sessions that ended more than a day ago, nonces that are used or
 * expired, and OpenID Connect provider rows (codes, tokens, grants,
 * interactions) past their lifetime, records of refused sign-ins older
 * than REFUSED_SIGN_IN_RETENTION and audit events older than
 * AUDIT_RETENTION, each in batches until a batch deletes nothing (not merely
 * a short one: another instance running at the same time may have taken
 * part of a batch). Records of successful sign-ins are never deleted: they
 * are the account's history.
 *
 * Between batches the run yields to the event loop, so requests waiting on
 * the database (SQLite has one writer) go first.
 */
export async function runHousekeeping(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'metrics'>,
  p: RunHousekeepingParameters = {},
): Promise<HousekeepingReport> {
  const { db, clock, config, metrics } = services;
  const batchSize = p.batchSize ?? 500;
  const lifetimes = sessionLifetimes(config);
  const report: HousekeepingReport = {
    sessions: 0,
    nonces: 0,
    oidc_models: 0,
    webhook_deliveries: 0,
    audit_events: 0,
    batches: 0,
  };
  // In order; a table may have several steps. Refused sign-ins go before the
  // rest of the log: they are kept a shorter time (REFUSED_SIGN_IN_RETENTION).
  const steps: [HousekeptTable, () => Promise<number>][] = [
    ['sessions', () => deleteEndedSessions(db, { now: clock(), lifetimes, batchSize })],
    // A passkey ceremony's challenges are kept as nonces are, and counted with them.
    [
      'nonces',
      async () =>
        (await deleteStaleNonces(db, { now: clock(), batchSize })) +
        (await deleteStalePasskeyChallenges(db, { now: clock(), batchSize })),
    ],
    ['oidc_models', () => deleteExpiredOidcModels(db, { now: clock(), batchSize })],
    [
      'webhook_deliveries',
      () =>
        deleteDeliveredBefore(db, { before: clock() - DELIVERED_WEBHOOK_RETENTION_MS, batchSize }),
    ],
    [
      'audit_events',
      () =>
        deleteAuditEventsBefore(db, {
          before: clock() - config.refusedSignInRetentionSeconds * 1000,
          action: 'sign_in_refused',
          batchSize,
        }),
    ],
    [
      'audit_events',
      () =>
        deleteAuditEventsBefore(db, {
          before: clock() - config.auditRetentionSeconds * 1000,
          batchSize,
        }),
    ],
  ];
  for (const [table, deleteBatch] of steps) {
    let deleted: number;
    do {
      if (p.stopped?.()) return report;
      deleted = await deleteBatch();
      report.batches += 1;
      report[table] += deleted;
      metrics.housekept({ table, deleted });
      await nextTurn();
    } while (deleted > 0);
  }
  return report;
}
