import type { Kysely } from 'kysely';

/** PLACEHOLDER: suspensions (the administration work fills this). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
