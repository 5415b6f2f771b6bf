import type { Kysely } from 'kysely';

/**
 * Access rules and roles (docs/access.md).
 *
 * - `access_checks`: one row per account whose rules were ever checked: when
 *   the chains were last read, whether a chain failed to answer then
 *   (`stale`), and the rule roles that check granted, the last result a
 *   ROLES_CHANGED is measured against.
 * - `access_balances`: per account and balance read (a token, or a chain's
 *   native currency: `erc20:8453:0x…`, `erc1155:137:0x…:7`, `native:1`), the
 *   balance summed over the wallets that count, as a decimal string (uint256
 *   fits no integer column on both databases) and when it was read. A chain
 *   that fails keeps these rows: the last result stays in force.
 * - `granted_roles`: roles an administrator granted, outside the rules; they
 *   stay until revoked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('access_checks')
    .addColumn('account_id', 'text', (c) =>
      c.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .addColumn('stale', 'integer', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('access_balances')
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('balance_key', 'text', (c) => c.notNull())
    .addColumn('balance', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('access_balances_pk', ['account_id', 'balance_key'])
    .execute();

  await db.schema
    .createTable('granted_roles')
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    /** The administrator's account; null when granted outside the API. */
    .addColumn('granted_by', 'text')
    .addPrimaryKeyConstraint('granted_roles_pk', ['account_id', 'role'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('granted_roles').execute();
  await db.schema.dropTable('access_balances').execute();
  await db.schema.dropTable('access_checks').execute();
}
