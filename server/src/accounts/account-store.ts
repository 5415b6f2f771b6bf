import { randomUUID } from 'node:crypto';
import type { AccountsTable, Db } from '../store/database.js';

export type AccountRow = AccountsTable;

/** The account of an address, created on its first sign-in. Safe under concurrency. */
export async function findOrCreateAccount(
  db: Db,
  p: { address: string; now: number },
): Promise<AccountRow> {
  const created: AccountRow = { id: randomUUID(), address: p.address, created_at: p.now };
  const inserted = await db
    .insertInto('accounts')
    .values(created)
    .onConflict((oc) => oc.column('address').doNothing())
    .executeTakeFirst();
  // The row written is the row we hold: reading it back would cost a first
  // sign-in a second statement. Only an existing account needs reading.
  if (inserted.numInsertedOrUpdatedRows === 1n) return created;
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('address', '=', p.address)
    .executeTakeFirstOrThrow();
}

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}
