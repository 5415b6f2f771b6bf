import { randomUUID } from 'node:crypto';
import type { AccountsTable, Db } from '../store/database.js';

export type AccountRow = AccountsTable;

/** The account of an address, created on its first sign-in. Safe under concurrency. */
export async function findOrCreateAccount(
  db: Db,
  p: { address: string; now: number },
): Promise<AccountRow> {
  await db
    .insertInto('accounts')
    .values({ id: randomUUID(), address: p.address, created_at: p.now })
    .onConflict((oc) => oc.column('address').doNothing())
    .execute();
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('address', '=', p.address)
    .executeTakeFirstOrThrow();
}

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}
