import type { Db } from '../store/database.js';
import type { PasskeysTable } from './passkey-tables.js';

export type PasskeyRow = PasskeysTable;

export async function insertPasskey(db: Db, row: PasskeyRow): Promise<void> {
  await db.insertInto('passkeys').values(row).execute();
}

/** An account's passkeys that still open it, newest first. */
export async function listPasskeys(db: Db, accountId: string): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('removed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** How many passkeys open an account: what MAX_PASSKEYS_PER_ACCOUNT bounds. */
export async function countPasskeys(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('account_id', '=', accountId)
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A passkey by its id, removed or not: the history names removed ones too. */
export async function findPasskeyById(db: Db, id: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An account's passkey that still opens it, or undefined. */
export async function findAccountPasskey(
  db: Db,
  p: { accountId: string; id: string },
): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('id', '=', p.id)
    .where('account_id', '=', p.accountId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** A credential's row by its id, removed or not (a removed one is refused by the caller). */
export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

export async function renamePasskeyRow(
  db: Db,
  p: { id: string; name: string },
): Promise<PasskeyRow | undefined> {
  return db
    .updateTable('passkeys')
    .set({ name: p.name })
    .where('id', '=', p.id)
    .where('removed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Marks a passkey removed; answers whether it was there to remove. */
export async function markPasskeyRemoved(db: Db, p: { id: string; now: number }): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ removed_at: p.now })
    .where('id', '=', p.id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A sign-in used the passkey: the counter to keep (passkeys/counter-rule.ts),
 * its backup state as the authenticator now reports it, and when.
 */
export async function recordPasskeyUse(
  db: Db,
  p: { id: string; counter: number; backedUp: boolean; now: number },
): Promise<void> {
  await db
    .updateTable('passkeys')
    .set({ counter: p.counter, backed_up: p.backedUp ? 1 : 0, last_used_at: p.now })
    .where('id', '=', p.id)
    .execute();
}
