import { type Kysely, sql } from 'kysely';
import type { StoreDialect } from '../create-database.js';

/**
 * Passkeys: a second way into a wallet's account (docs/passkeys.md).
 *
 * - `passkeys`: one row per WebAuthn credential, with what verifying its
 *   next assertion needs (public key, counter) and what the account page
 *   shows. A removed passkey keeps its row (`removed_at`), so the sign-ins
 *   and sessions it opened still name it; its credential id stays taken.
 * - `passkey_user_handles`: the WebAuthn user handle of an account, 32
 *   random bytes made at its first passkey: never its id or an address.
 * - `passkey_challenges`: a ceremony's challenge, single-use and short-lived,
 *   consumed as nonces are (passkeys/passkey-challenge-store.ts).
 * - `sessions.method`, `sign_ins.method` (`wallet` by default, so every
 *   existing row, and a row the previous build writes during a rolling
 *   restart, reads as a wallet's) and `passkey_id`; a passkey's session and
 *   sign-in have no wallet, so their wallet columns become nullable.
 */
export async function up(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('aaguid', 'text', (c) => c.notNull())
    .addColumn('authenticator', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('removed_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkeys_account_id').on('passkeys').column('account_id').execute();

  await db.schema
    .createTable('passkey_user_handles')
    .addColumn('account_id', 'text', (c) =>
      c.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('user_handle', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('passkey_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('passkey_challenges_expires_at')
    .on('passkey_challenges')
    .column('expires_at')
    .execute();

  for (const table of ['sessions', 'sign_ins']) {
    await db.schema
      .alterTable(table)
      .addColumn('method', 'text', (c) => c.notNull().defaultTo('wallet'))
      .execute();
    await db.schema.alterTable(table).addColumn('passkey_id', 'text').execute();
  }
  await db.schema.createIndex('sessions_passkey_id').on('sessions').column('passkey_id').execute();
  await dropNotNull(db, dialect, 'sessions', 'address');
  for (const column of ['address', 'wallet_kind', 'message', 'signature']) {
    await dropNotNull(db, dialect, 'sign_ins', column);
  }
}

/**
 * SQLite has no ALTER COLUMN: the column is copied into a nullable one that
 * takes its name (as migration 0010 does). None of these columns is indexed,
 * constrained or referenced, which SQLite's DROP COLUMN requires; the column
 * moves to the end of the table, which no query depends on.
 */
async function dropNotNull(
  db: Kysely<unknown>,
  dialect: StoreDialect,
  table: string,
  column: string,
): Promise<void> {
  if (dialect === 'postgres') {
    await db.schema
      .alterTable(table)
      .alterColumn(column, (c) => c.dropNotNull())
      .execute();
    return;
  }
  const copy = `${column}_nullable`;
  await db.schema.alterTable(table).addColumn(copy, 'text').execute();
  await sql`update ${sql.table(table)} set ${sql.ref(copy)} = ${sql.ref(column)}`.execute(db);
  await db.schema.alterTable(table).dropColumn(column).execute();
  await db.schema.alterTable(table).renameColumn(copy, column).execute();
}

export async function down(): Promise<void> {
  // A passkey's sessions and sign-ins have no wallet to go back to: not offered.
  throw new Error('migration 0011-passkeys cannot be undone');
}
