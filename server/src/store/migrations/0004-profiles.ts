import { type Kysely, sql } from 'kysely';
import type { StoreDialect } from '../create-database.js';

/**
 * Profiles, images and public proofs.
 *
 * - `profiles`: one row per account that ever changed its profile (no row =
 *   the defaults: no name, no bio, no avatar, private).
 * - `images`: the uploaded originals (auto-rotated, metadata stripped) in the
 *   database, so every instance can serve them; resized variants live in a
 *   disk cache only.
 * - `wallets.public`: published on the public profile (default: not).
 * - `wallets.proof_*`: the message and signature of the wallet's latest
 *   sign-in or link, written where those are recorded. Rows from before this
 *   migration are filled from the sign-in history and link messages; a wallet
 *   with neither has no proof and is not listed publicly until its next
 *   sign-in or link.
 */
export async function up(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_account_id').on('images').column('account_id').execute();

  await db.schema
    .createTable('profiles')
    .addColumn('account_id', 'text', (c) =>
      c.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('display_name', 'text')
    .addColumn('bio', 'text')
    .addColumn('avatar_image_id', 'text', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('wallets')
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('wallets').addColumn('proof_message', 'text').execute();
  await db.schema.alterTable('wallets').addColumn('proof_signature', 'text').execute();
  await db.schema.alterTable('wallets').addColumn('proof_chain_id', 'integer').execute();
  await db.schema.alterTable('wallets').addColumn('proof_at', 'bigint').execute();

  // The latest sign-in of each wallet: an EOA's on any chain, a contract
  // wallet's on its own chain (the rule of sign-in-store's lastSignInAt).
  const latestSignIn = (column: string) => sql`(
    select ${sql.ref(`s.${column}`)} from sign_ins s
    where s.account_id = wallets.account_id and s.address = wallets.address
      and ((wallets.kind = 'EOA' and s.wallet_kind = 'EOA')
        or (wallets.kind <> 'EOA' and s.wallet_kind <> 'EOA' and s.chain_id = wallets.chain_id))
    order by s.seq desc limit 1
  )`;
  await sql`
    update wallets set
      proof_message = ${latestSignIn('message')},
      proof_signature = ${latestSignIn('signature')},
      proof_chain_id = ${latestSignIn('chain_id')},
      proof_at = ${latestSignIn('at')}
  `.execute(db);
  // A link newer than the latest sign-in (or the only proof) is the proof;
  // its chain is the message's own "Chain ID" line.
  await sql`
    update wallets set
      proof_message = link_message,
      proof_signature = link_signature,
      proof_chain_id = null,
      proof_at = linked_at
    where link_message is not null and link_signature is not null
      and (proof_at is null or proof_at < linked_at)
  `.execute(db);
  const linked = await sql<{ id: string; message: string }>`
    select id, proof_message as message from wallets
    where proof_message is not null and proof_chain_id is null
  `.execute(db);
  for (const row of linked.rows) {
    const chainId = /\nChain ID: (\d{1,15})\n/.exec(row.message)?.[1];
    await (chainId
      ? sql`update wallets set proof_chain_id = ${Number(chainId)} where id = ${row.id}`
      : sql`update wallets set proof_message = null, proof_signature = null, proof_at = null where id = ${row.id}`
    ).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'proof_at',
    'proof_chain_id',
    'proof_signature',
    'proof_message',
    'public',
  ]) {
    await db.schema.alterTable('wallets').dropColumn(column).execute();
  }
  await db.schema.dropTable('profiles').ifExists().execute();
  await db.schema.dropTable('images').ifExists().execute();
}
