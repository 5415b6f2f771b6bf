import type { Kysely } from 'kysely';

/**
 * Administration (docs/administration.md).
 *
 * - `suspensions`: one row per suspended account: why, since when, until when
 *   (null: until an administrator lifts it) and by whom. A suspension whose
 *   `until` has passed is over; nothing deletes it, every read compares
 *   `until` with the clock, so it lifts by itself on every instance at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('suspensions')
    .addColumn('account_id', 'text', (c) =>
      c.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('until', 'bigint')
    /** The administrator's account; null when suspended outside the API. */
    .addColumn('by', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('suspensions').execute();
}
