import { type Kysely, sql } from 'kysely';

/**
 * Accounts with several wallets. A session records the address that started
 * it (its wallet may be unlinked later, and the session still says who it
 * was); a linked wallet keeps the message and signature that linked it, the
 * proof a later re-verification needs (a wallet created by a sign-in has its
 * proof in `sign_ins`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('address', 'text').execute();
  await sql`
    update sessions set address = coalesce(
      (select s.address from sign_ins s where s.session_id = sessions.id order by s.seq limit 1),
      (select w.address from wallets w where w.account_id = sessions.account_id and w.is_primary = 1)
    )
  `.execute(db);
  await db.schema.alterTable('wallets').addColumn('link_message', 'text').execute();
  await db.schema.alterTable('wallets').addColumn('link_signature', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wallets').dropColumn('link_signature').execute();
  await db.schema.alterTable('wallets').dropColumn('link_message').execute();
  await db.schema.alterTable('sessions').dropColumn('address').execute();
}
