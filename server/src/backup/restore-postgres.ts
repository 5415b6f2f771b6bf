import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { BackupError } from './backup-error.js';
import { checkPostgresCopy, postgresCopySchema } from './check-postgres-copy.js';
import type { CopySummary } from './copy-summary.js';
import { postgresClientConnection, postgresLocation } from './postgres-location.js';
import { runPostgresClient } from './run-postgres-client.js';

/**
 * `pg_restore` of a copy into the schema DATABASE_URL selects, which must
 * hold nothing yet: a server that has used a schema has migrated it, so an
 * empty schema is one no server is using, and a restore never mixes a copy
 * with what is there. (Checking connections instead would not do: instances
 * of other schemas, tests among them, share one database.) pg_restore cannot
 * rename a schema, so the copy goes back under the name it was taken from.
 * One transaction: a failed restore leaves the schema as empty as it was.
 * The copy is checked first, its schema included (check-postgres-copy.ts):
 * a copy Sigil did not write is refused before anything is restored.
 */
export async function restorePostgres(file: string, url: string): Promise<CopySummary> {
  const location = postgresLocation(url);
  const connection = postgresClientConnection(url);
  const copySchema = await postgresCopySchema(file);
  if (copySchema !== location.schema) {
    throw new BackupError(
      `${file} is a copy of schema "${copySchema}" but DATABASE_URL selects "${location.schema}": ` +
        `restore into a schema of the copy's name (options=-c search_path=${copySchema})`,
    );
  }
  const summary = await checkPostgresCopy(file);
  const schemaExists = await refuseUnlessEmpty(url, location.schema, location.description);
  const dir = mkdtempSync(join(tmpdir(), 'sigil-restore-'));
  try {
    const args = [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${connection.dbname}`,
    ];
    if (schemaExists) {
      // The archive creates its schema; an existing one (empty, checked
      // above) is kept, so its entries are left out of the list restored.
      const list: string[] = [];
      await runPostgresClient('pg_restore', ['--list', file], {
        onLine: (line) => list.push(line),
      });
      const useList = join(dir, 'restore.list');
      const createsSchema = / (?:SCHEMA|COMMENT) - (?:SCHEMA )?(\S+) /;
      writeFileSync(
        useList,
        list
          .map((line) => (createsSchema.exec(line)?.[1] === location.schema ? `;${line}` : line))
          .join('\n'),
      );
      args.push(`--use-list=${useList}`);
    }
    await runPostgresClient('pg_restore', [...args, file], { env: connection.env });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return summary;
}

/** Whether the schema exists; a BackupError when it holds anything. */
async function refuseUnlessEmpty(url: string, schema: string, description: string) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to ${description}: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ exists: boolean; relations: string }>(
      `select exists (select 1 from pg_namespace where nspname = $1) as exists,
              (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = $1) as relations`,
      [schema],
    );
    const row = rows[0];
    if (row && Number(row.relations) > 0) {
      throw new BackupError(
        `${description} is not empty (a server may be using it): restore into an empty database or schema`,
      );
    }
    return row?.exists === true;
  } finally {
    await client.end();
  }
}
