import type { Kysely } from 'kysely';

/** PLACEHOLDER: audit_events (the audit-log work fills this). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
