import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../store/database.js';
import type { SuspensionsTable } from './suspension-tables.js';

export type SuspensionRow = SuspensionsTable;

/**
 * A suspension is in force while it has no end or its end is still ahead:
 * it lifts by itself when `until` passes, with nothing to run at that moment
 * (docs/administration.md).
 */
export function isSuspensionActive(row: Pick<SuspensionRow, 'until'>, now: number): boolean {
  return row.until === null || Number(row.until) > now;
}

/** The same test in SQL, for counts and filters over many accounts. */
export function activeSuspensionWhere(now: number) {
  return (eb: ExpressionBuilder<Database, 'suspensions'>) =>
    eb.or([eb('suspensions.until', 'is', null), eb('suspensions.until', '>', now)]);
}

/** Rows as the API shows them: bigint columns come back from PostgreSQL as strings. */
function normalise(row: SuspensionRow): SuspensionRow {
  return {
    ...row,
    at: Number(row.at),
    until: row.until === null ? null : Number(row.until),
  };
}

/** The account's suspension when it is in force at `now`; undefined otherwise. */
export async function findActiveSuspension(
  db: Db,
  accountId: string,
  now: number,
): Promise<SuspensionRow | undefined> {
  const row = await db
    .selectFrom('suspensions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where(activeSuspensionWhere(now))
    .executeTakeFirst();
  return row && normalise(row);
}

/** Suspends an account, or changes the reason and end of its suspension. */
export async function saveSuspension(db: Db, row: SuspensionRow): Promise<void> {
  await db
    .insertInto('suspensions')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('account_id')
        .doUpdateSet({ reason: row.reason, at: row.at, until: row.until, by: row.by }),
    )
    .execute();
}

/** Lifts a suspension; answers whether one was in force. */
export async function deleteSuspension(db: Db, accountId: string, now: number): Promise<boolean> {
  const removed = await db
    .deleteFrom('suspensions')
    .where('account_id', '=', accountId)
    .returning('until')
    .executeTakeFirst();
  return removed !== undefined && isSuspensionActive(removed, now);
}

/** How many accounts are suspended at `now`. */
export async function countActiveSuspensions(db: Db, now: number): Promise<number> {
  const row = await db
    .selectFrom('suspensions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(activeSuspensionWhere(now))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Takes the account row's lock for the rest of the transaction (a no-op
 * update): a suspension and a sign-in of the same account then happen one
 * after the other, so a sign-in that checked for a suspension just before
 * one committed cannot leave a session the suspension did not end. On
 * PostgreSQL the second waits for the first; SQLite runs one write
 * transaction at a time anyway.
 */
export async function lockAccount(trx: Db, accountId: string): Promise<void> {
  await trx
    .updateTable('accounts')
    .set((eb) => ({ created_at: eb.ref('created_at') }))
    .where('id', '=', accountId)
    .execute();
}
