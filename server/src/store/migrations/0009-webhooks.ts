import type { Kysely } from 'kysely';

/**
 * Webhooks (docs/webhooks.md): `webhook_deliveries`, one row per message and
 * endpoint, written in the transaction of the change it reports, so a crash
 * loses none. The dispatcher picks due rows by (status, next_attempt_at);
 * the console lists them newest first by created_at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_created_at')
    .on('webhook_deliveries')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
}
