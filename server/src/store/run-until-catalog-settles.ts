import type { MigrationResultSet } from 'kysely';

/** PostgreSQL's invalid_schema_name. */
const SCHEMA_GONE = '3F000';

/**
 * Runs the migrator again when its first catalog read failed because another
 * schema of the database was dropped while it read: Kysely's check for its
 * bookkeeping tables lists the tables of every schema, and a schema dropped
 * in that moment (another tenant's, another test run's) fails the listing
 * with "schema … does not exist". Nothing was migrated then; a second read
 * sees the catalog settled. Any other failure, or one during a migration, is
 * answered at once.
 */
export async function runUntilCatalogSettles(
  migrate: () => Promise<MigrationResultSet>,
  attempts = 3,
): Promise<MigrationResultSet> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await migrate();
    const catalogRace =
      (outcome.error as { code?: unknown } | undefined)?.code === SCHEMA_GONE &&
      !outcome.results?.some((result) => result.status !== 'NotExecuted');
    if (!catalogRace || attempt === attempts) return outcome;
  }
}
