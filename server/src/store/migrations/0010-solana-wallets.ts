import { type Kysely, sql } from 'kysely';
import type { StoreDialect } from '../create-database.js';

/**
 * Solana wallets beside Ethereum ones (docs/wallets.md, "Solana wallets").
 *
 * - `wallets.namespace`: the wallet's family, `eip155` or `solana`. Every
 *   existing wallet is an Ethereum one, so the column's default keeps each
 *   row as it is (and an instance still running the previous build during a
 *   rolling restart writes `eip155` without naming it).
 * - `sessions.chain_id`, `sign_ins.chain_id` become nullable: a Solana
 *   sign-in has no EVM chain id.
 * - `sessions.chain`, `sign_ins.chain`, `wallets.proof_chain`: the CAIP-2
 *   chain of a row that has no EVM chain id (a Solana cluster). An EVM row
 *   leaves it null: its chain is `eip155:<chain_id>`, so nothing is
 *   backfilled, and a row written by the previous build during a rolling
 *   restart reads right (accounts/row-chain.ts reads both).
 */
export async function up(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  await db.schema
    .alterTable('wallets')
    .addColumn('namespace', 'text', (c) => c.notNull().defaultTo('eip155'))
    .execute();
  await db.schema.alterTable('wallets').addColumn('proof_chain', 'text').execute();
  for (const table of ['sessions', 'sign_ins']) {
    await db.schema.alterTable(table).addColumn('chain', 'text').execute();
    await dropNotNull(db, dialect, table, 'chain_id');
  }
}

/**
 * SQLite has no ALTER COLUMN: the column is copied into a nullable one that
 * takes its name. Neither `chain_id` is indexed, constrained or referenced,
 * which is what SQLite's DROP COLUMN requires; the column moves to the end
 * of the table, which no query depends on.
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
  await db.schema.alterTable(table).addColumn(copy, 'integer').execute();
  await sql`update ${sql.table(table)} set ${sql.ref(copy)} = ${sql.ref(column)}`.execute(db);
  await db.schema.alterTable(table).dropColumn(column).execute();
  await db.schema.alterTable(table).renameColumn(copy, column).execute();
}

export async function down(): Promise<void> {
  // Solana rows have no chain id to go back to: not offered.
  throw new Error('migration 0010-solana-wallets cannot be undone');
}
