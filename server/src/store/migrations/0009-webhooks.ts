import type { Kysely } from 'kysely';

/** PLACEHOLDER: webhook_deliveries (the webhooks work fills this). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
