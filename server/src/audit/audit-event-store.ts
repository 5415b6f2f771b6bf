import type { ChangeAction } from '../changes/change.js';
import type { Db } from '../store/database.js';
import type { TimeAndId } from '../store/time-and-id-cursor.js';
import type { AuditEventsTable } from './audit-tables.js';

export type AuditEventRow = AuditEventsTable;

export type AuditLogFilter = {
  accountId?: string | undefined;
  action?: ChangeAction | undefined;
};

/**
 * One page of the log, newest first, after `after` (exclusive). Fetches one
 * extra row to know whether more follow. Keyset on (at, id): a page costs
 * the same however deep it is.
 */
export async function listAuditEvents(
  db: Db,
  p: AuditLogFilter & { first: number; after?: TimeAndId | undefined },
): Promise<{ rows: AuditEventRow[]; hasNextPage: boolean }> {
  let query = db
    .selectFrom('audit_events')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(p.first + 1);
  if (p.accountId !== undefined) query = query.where('account_id', '=', p.accountId);
  if (p.action !== undefined) query = query.where('action', '=', p.action);
  const after = p.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]),
    );
  }
  const rows = await query.execute();
  return { rows: rows.slice(0, p.first), hasNextPage: rows.length > p.first };
}

/**
 * The events from `since` (inclusive) to `until` (exclusive), oldest first,
 * read `batchSize` rows at a time as the consumer asks for them: an export
 * of any length holds one batch in memory.
 */
export async function* readAuditEventsInBatches(
  db: Db,
  p: { since?: number | undefined; until?: number | undefined; batchSize: number },
): AsyncGenerator<AuditEventRow[]> {
  let last: TimeAndId | undefined;
  for (;;) {
    let query = db
      .selectFrom('audit_events')
      .selectAll()
      .orderBy('at', 'asc')
      .orderBy('id', 'asc')
      .limit(p.batchSize);
    if (p.since !== undefined) query = query.where('at', '>=', p.since);
    if (p.until !== undefined) query = query.where('at', '<', p.until);
    const from = last;
    if (from) {
      query = query.where((eb) =>
        eb.or([eb('at', '>', from.at), eb.and([eb('at', '=', from.at), eb('id', '>', from.id)])]),
      );
    }
    const rows = await query.execute();
    if (rows.length > 0) yield rows;
    if (rows.length < p.batchSize) return;
    const tail = rows[rows.length - 1] as AuditEventRow;
    last = { at: Number(tail.at), id: tail.id };
  }
}

/**
 * Deletes up to `batchSize` events older than `before` and answers how many:
 * housekeeping repeats it until a batch deletes nothing (AUDIT_RETENTION).
 */
export async function deleteAuditEventsBefore(
  db: Db,
  p: {
    before: number;
    batchSize: number;
    /** Only events of this action (found by the index on action and time). @default every action */
    action?: string;
  },
): Promise<number> {
  const result = await db
    .deleteFrom('audit_events')
    .where('id', 'in', (eb) => {
      const older = eb.selectFrom('audit_events').select('id').where('at', '<', p.before);
      return (p.action === undefined ? older : older.where('action', '=', p.action))
        .orderBy('at')
        .limit(p.batchSize);
    })
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
