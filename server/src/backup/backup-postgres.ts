import { closeSync, rmSync } from 'node:fs';
import { createAsideFile, placeNewFile, refuseExistingFile } from './place-new-file.js';
import { postgresClientConnection, postgresLocation } from './postgres-location.js';
import { runPostgresClient } from './run-postgres-client.js';

/**
 * `pg_dump` in its custom format (docs/operations.md, "Backups") of the server's schema:
 * pg_dump reads everything in one repeatable-read transaction, so the copy
 * is the database as of its start while the server goes on writing. It
 * writes to its stdout, which is the temporary file this process created
 * 0600 and exclusively (place-new-file.ts), never a file it opens by name.
 * `started` is called once the checks have passed and pg_dump runs (a
 * missing pg_dump is refused before it), as the copy begins.
 */
export async function backupPostgres(
  url: string,
  file: string,
  started: () => void = () => {},
): Promise<void> {
  refuseExistingFile(file);
  const location = postgresLocation(url);
  const connection = postgresClientConnection(url);
  const aside = createAsideFile(file);
  try {
    try {
      await runPostgresClient(
        'pg_dump',
        ['--format=custom', `--schema="${location.schema}"`, `--dbname=${connection.dbname}`],
        { output: aside.fd, env: connection.env, onSpawn: started },
      );
    } finally {
      closeSync(aside.fd);
    }
    placeNewFile(aside.path, file);
  } finally {
    rmSync(aside.path, { force: true });
  }
}
