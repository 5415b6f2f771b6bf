import { rmSync } from 'node:fs';
import { asidePath, placeNewFile, refuseExistingFile } from './place-new-file.js';
import { postgresLocation } from './postgres-location.js';
import { runPostgresClient } from './run-postgres-client.js';

/**
 * `pg_dump` in its custom format (docs/operations.md, "Backups") of the server's schema:
 * pg_dump reads everything in one repeatable-read transaction, so the copy
 * is the database as of its start while the server goes on writing.
 */
export async function backupPostgres(url: string, file: string): Promise<void> {
  refuseExistingFile(file);
  const location = postgresLocation(url);
  const aside = asidePath(file);
  try {
    await runPostgresClient('pg_dump', [
      '--format=custom',
      `--schema="${location.schema}"`,
      `--file=${aside}`,
      `--dbname=${location.libpqUrl}`,
    ]);
    placeNewFile(aside, file);
  } finally {
    rmSync(aside, { force: true });
  }
}
