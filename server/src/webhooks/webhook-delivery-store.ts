import { randomUUID } from 'node:crypto';
import type { StoreDialect } from '../store/create-database.js';
import type { Db } from '../store/database.js';
import type { TimeAndId } from '../store/time-and-id-cursor.js';
import type { WebhookDeliveriesTable, WebhookDeliveryStatus } from './webhook-tables.js';

export type WebhookDeliveryRow = WebhookDeliveriesTable;

// bigint columns come back as strings from some drivers; the API and the
// dispatcher compare numbers.
const toRow = (row: WebhookDeliveriesTable): WebhookDeliveryRow => ({
  ...row,
  attempts: Number(row.attempts),
  next_attempt_at: row.next_attempt_at === null ? null : Number(row.next_attempt_at),
  last_attempt_at: row.last_attempt_at === null ? null : Number(row.last_attempt_at),
  last_status_code: row.last_status_code === null ? null : Number(row.last_status_code),
  locked_until: row.locked_until === null ? null : Number(row.locked_until),
  created_at: Number(row.created_at),
});

export type ClaimParameters = {
  dialect: StoreDialect;
  now: number;
  /** How long a claimed delivery stays this instance's. */
  leaseMs: number;
  /** At most this many. */
  limit: number;
  /** Deliveries this instance is already sending. */
  inFlight: ReadonlySet<string>;
  /** Endpoints with no room now: their deliveries are not looked at. */
  fullEndpoints: readonly string[];
  /** Whether one more delivery to `endpoint` may be taken now (a hung endpoint must not take every slot). */
  endpointHasRoom: (endpoint: string, takenNow: number) => boolean;
};

/**
 * Takes due deliveries for this instance: sets their lease. On PostgreSQL,
 * in one short transaction whose `FOR UPDATE SKIP LOCKED` keeps instances
 * from taking the same row; SQLite has one writer, and the lease is enough.
 */
export async function claimDueDeliveries(
  db: Db,
  p: ClaimParameters,
): Promise<{ rows: WebhookDeliveryRow[]; leftDue: boolean }> {
  if (p.limit <= 0) return { rows: [], leftDue: false };
  const claim = async (trx: Db) => {
    let query = trx
      .selectFrom('webhook_deliveries')
      .select(['id', 'endpoint'])
      .where('status', '=', 'PENDING')
      .where('next_attempt_at', '<=', p.now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', p.now)]))
      // The index's own order: a tie-break would sort every due row on each look.
      .orderBy('next_attempt_at')
      // More than the slots: some may go to an endpoint that is full.
      .limit(p.limit * 4);
    if (p.inFlight.size > 0) query = query.where('id', 'not in', [...p.inFlight]);
    if (p.fullEndpoints.length > 0) query = query.where('endpoint', 'not in', p.fullEndpoints);
    if (p.dialect === 'postgres') query = query.forUpdate().skipLocked();
    const candidates = await query.execute();
    const taken: string[] = [];
    const perEndpoint = new Map<string, number>();
    for (const candidate of candidates) {
      if (taken.length >= p.limit) break;
      const already = perEndpoint.get(candidate.endpoint) ?? 0;
      if (!p.endpointHasRoom(candidate.endpoint, already)) continue;
      perEndpoint.set(candidate.endpoint, already + 1);
      taken.push(candidate.id);
    }
    // Due deliveries were left (slots or an endpoint full): look again once an attempt ends.
    const leftDue = taken.length < candidates.length || taken.length === p.limit;
    if (taken.length === 0) return { rows: [], leftDue };
    const rows = await trx
      .updateTable('webhook_deliveries')
      .set({ locked_until: p.now + p.leaseMs })
      .where('id', 'in', taken)
      .returningAll()
      .execute();
    return { rows: rows.map(toRow), leftDue };
  };
  // SQLite: this process is the one sender and makes one look at a time, so
  // nothing can come between the read and the lease.
  return p.dialect === 'postgres' ? db.transaction().execute(claim) : claim(db);
}

export type AttemptOutcome =
  | { kind: 'delivered'; statusCode: number }
  | {
      kind: 'retry' | 'failed';
      statusCode: number | null;
      error: string;
      /** When the next attempt is due (retry only). */
      nextAttemptAt: number | null;
    };

/**
 * Writes an attempt's outcome and ends the lease, if the lease is still this
 * instance's (`leasedUntil` as claimed): after a lease ran out another
 * instance may have taken the delivery, and its outcome is the one to keep.
 */
export async function recordAttempt(
  db: Db,
  p: { id: string; leasedUntil: number; at: number; outcome: AttemptOutcome },
): Promise<boolean> {
  const { outcome } = p;
  const result = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_attempt_at: p.at,
      last_status_code: outcome.statusCode,
      last_error: outcome.kind === 'delivered' ? null : outcome.error.slice(0, 500),
      status:
        outcome.kind === 'delivered'
          ? 'DELIVERED'
          : outcome.kind === 'failed'
            ? 'FAILED'
            : 'PENDING',
      next_attempt_at: outcome.kind === 'retry' ? outcome.nextAttemptAt : null,
      locked_until: null,
    }))
    .where('id', '=', p.id)
    .where('locked_until', '=', p.leasedUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Hands deliveries back unattempted (a shutdown): any instance may pick them at once. */
export async function releaseLeases(
  db: Db,
  leases: readonly { id: string; leasedUntil: number }[],
): Promise<void> {
  for (const lease of leases) {
    await db
      .updateTable('webhook_deliveries')
      .set({ locked_until: null })
      .where('id', '=', lease.id)
      .where('locked_until', '=', lease.leasedUntil)
      .execute();
  }
}

/**
 * On SQLite, at start: this process is the database's one sender, so a lease
 * still set was left by a process that died mid-attempt; its delivery is due
 * again now rather than when the lease runs out.
 */
export async function releaseAllLeases(db: Db): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: null })
    .where('status', '=', 'PENDING')
    .where('locked_until', 'is not', null)
    .execute();
}

/** Newest first; `after` is the last row of the previous page (exclusive). One extra row tells if more follow. */
export async function listDeliveries(
  db: Db,
  p: {
    first: number;
    after?: TimeAndId;
    status?: WebhookDeliveryStatus;
  },
): Promise<{ rows: WebhookDeliveryRow[]; hasNextPage: boolean }> {
  let query = db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(p.first + 1);
  if (p.status) query = query.where('status', '=', p.status);
  const after = p.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.at),
        eb.and([eb('created_at', '=', after.at), eb('id', '<', after.id)]),
      ]),
    );
  }
  const rows = (await query.execute()).map(toRow);
  return { rows: rows.slice(0, p.first), hasNextPage: rows.length > p.first };
}

export async function findDelivery(db: Db, id: string): Promise<WebhookDeliveryRow | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRow(row);
}

/** A new delivery of the same message (same webhook-id and body), due now. */
export async function insertResend(
  db: Db,
  original: WebhookDeliveryRow,
  at: number,
): Promise<WebhookDeliveryRow> {
  const row: WebhookDeliveryRow = {
    id: randomUUID(),
    endpoint: original.endpoint,
    event_type: original.event_type,
    webhook_id: original.webhook_id,
    payload: original.payload,
    status: 'PENDING',
    attempts: 0,
    next_attempt_at: at,
    last_attempt_at: null,
    last_status_code: null,
    last_error: null,
    locked_until: null,
    created_at: at,
  };
  await db.insertInto('webhook_deliveries').values(row).execute();
  return row;
}

/** Housekeeping: delivered messages older than `before`, a batch at a time. */
export async function deleteDeliveredBefore(
  db: Db,
  p: { before: number; batchSize: number },
): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where(
      'id',
      'in',
      db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'DELIVERED')
        .where('created_at', '<', p.before)
        .limit(p.batchSize),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** When the oldest message still waiting was stored; null when none waits. */
export async function oldestPendingCreatedAt(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}
