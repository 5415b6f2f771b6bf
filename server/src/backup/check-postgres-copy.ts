import { BackupError } from './backup-error.js';
import type { CopySummary } from './copy-summary.js';
import { COUNTED_TABLES, type CountedTable } from './counted-tables.js';
import { migratedSchema } from './migrated-schema.js';
import { postgresSchemaObjects } from './postgres-schema-objects.js';
import { runPostgresClient } from './run-postgres-client.js';
import { refuseForeignSchema, type SchemaObjects } from './schema-objects.js';
import { columnDefault } from './sqlite-schema-objects.js';

/** The schema of the copy's migration table, from `pg_restore --list`: the schema the copy is of. */
export async function postgresCopySchema(file: string): Promise<string> {
  let schema: string | undefined;
  await runPostgresClient('pg_restore', ['--list', file], {
    onLine: (line) => {
      schema ??= /^\d+; \d+ \d+ TABLE (\S+) kysely_migration /.exec(line)?.[1];
    },
  });
  if (!schema)
    throw new BackupError(`${file} is a pg_dump archive but not of Sigil's schema (no migrations)`);
  return schema;
}

/**
 * Reads a pg_dump archive without a database: pg_restore writes its data as
 * the COPY blocks of a SQL script, one line per row (COPY's text format
 * escapes newlines inside values), which are counted as they stream by. The
 * counts are of the rows in the archive, so reading it to the end also shows
 * it is whole. Its schema, as `pg_restore --schema-only` prints it, must be
 * what Sigil's migrations make (postgres-schema-objects.ts): the same tables,
 * columns (with their defaults) and indexes, and no statement of another kind.
 */
export async function checkPostgresCopy(file: string): Promise<CopySummary> {
  const schema = await postgresCopySchema(file);
  const counts = Object.fromEntries(COUNTED_TABLES.map((table) => [table, 0])) as Record<
    CountedTable,
    number
  >;
  const migrations: string[] = [];
  let table: string | undefined;
  await runPostgresClient('pg_restore', ['--data-only', '--file=-', file], {
    onLine: (line) => {
      if (table === undefined) {
        table = /^COPY (?:"?[^".\s]+"?\.)?"?([^"\s(]+)"? \(/.exec(line)?.[1];
        return;
      }
      if (line === '\\.') {
        table = undefined;
        return;
      }
      if (table === 'kysely_migration') migrations.push(line.split('\t')[0] ?? '');
      else if (table in counts) counts[table as CountedTable] += 1;
    },
  });
  const schemaVersion = migrations.sort().at(-1);
  if (!schemaVersion)
    throw new BackupError(`${file} holds no applied migrations: not a Sigil copy`);
  const script: string[] = [];
  await runPostgresClient('pg_restore', ['--schema-only', '--file=-', file], {
    onLine: (line) => script.push(line),
  });
  refuseForeignSchema(
    file,
    postgresSchemaObjects(script),
    comparableInPostgres(await migratedSchema(file, schemaVersion)),
    schemaVersion,
  );
  return { kind: `PostgreSQL copy of schema "${schema}"`, schemaVersion, counts };
}

/**
 * The tables, columns and indexes of the schema the migrations make, by name
 * and, for columns, default: the reference is made in SQLite, whose types and
 * key names are not PostgreSQL's.
 */
function comparableInPostgres(objects: SchemaObjects): SchemaObjects {
  return new Map(
    [...objects.entries()]
      .filter(([name]) => /^(?:table|column|index) /.test(name))
      .map(([name, detail]) => [name, name.startsWith('column ') ? columnDefault(detail) : '']),
  );
}
