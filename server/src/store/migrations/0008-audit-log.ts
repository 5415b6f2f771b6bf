import type { Kysely } from 'kysely';

/**
 * The audit log (docs/administration.md, "Audit log"): one row per recorded
 * change, appended in the change's own transaction.
 *
 * `account_id` has no foreign key on purpose: the log outlives what it
 * describes, and a deleted account must not take its history with it.
 * `id` is a UUIDv7 (time first), so rows of one millisecond still sort the
 * way they were written on one instance; pages and the export order by
 * (`at`, `id`). `detail` is a small JSON object as text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('address', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_events_at').on('audit_events').columns(['at', 'id']).execute();
  await db.schema
    .createIndex('audit_events_account_at')
    .on('audit_events')
    .columns(['account_id', 'at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_events_action_at')
    .on('audit_events')
    .columns(['action', 'at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
}
