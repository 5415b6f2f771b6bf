import { randomBytes } from 'node:crypto';
import type { Db } from '../store/database.js';

/**
 * The account's WebAuthn user handle, made on first use: 32 random bytes,
 * base64url, never the account id or an address, so an authenticator that
 * shows or syncs it reveals nothing of the account (docs/passkeys.md).
 */
export async function userHandleOfAccount(db: Db, accountId: string): Promise<string> {
  const existing = await db
    .selectFrom('passkey_user_handles')
    .select('user_handle')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (existing) return existing.user_handle;
  const userHandle = randomBytes(32).toString('base64url');
  // Two first registrations at once: the second keeps the first's handle.
  await db
    .insertInto('passkey_user_handles')
    .values({ account_id: accountId, user_handle: userHandle })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();
  return userHandleOfAccount(db, accountId);
}

/** The account a user handle belongs to, or undefined. */
export async function accountOfUserHandle(db: Db, userHandle: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('passkey_user_handles')
    .select('account_id')
    .where('user_handle', '=', userHandle)
    .executeTakeFirst();
  return row?.account_id;
}
