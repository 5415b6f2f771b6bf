import SQLite from 'better-sqlite3';
import { BackupError } from './backup-error.js';
import type { CopySummary } from './copy-summary.js';
import { COUNTED_TABLES } from './counted-tables.js';
import { migratedSchema } from './migrated-schema.js';
import { refuseForeignSchema } from './schema-objects.js';
import { sqliteSchemaObjects } from './sqlite-schema-objects.js';

/**
 * Opens a SQLite copy read-only (nothing in it changes, not even a journal
 * file), checks its pages (`quick_check`), reads its schema version, checks
 * its schema is the one Sigil's migrations make up to that version (every
 * table, column, index, foreign key, view and trigger: schema-objects.ts),
 * and counts its rows.
 */
export async function checkSqliteCopy(file: string): Promise<CopySummary> {
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`Cannot open ${file} as SQLite: ${(error as Error).message}`);
  }
  try {
    const problems = sqlite.pragma('quick_check', { simple: false }) as { quick_check: string }[];
    if (problems[0]?.quick_check !== 'ok') {
      throw new BackupError(
        `${file} is damaged: ${problems.map((row) => row.quick_check).join('; ')}`,
      );
    }
    const schemaVersion = sqliteSchemaVersion(sqlite, file);
    refuseForeignSchema(
      file,
      sqliteSchemaObjects(sqlite),
      await migratedSchema(file, schemaVersion),
      schemaVersion,
    );
    return {
      kind: 'SQLite copy',
      schemaVersion,
      counts: Object.fromEntries(
        COUNTED_TABLES.map((table) => {
          const row = sqlite.prepare(`select count(*) as n from "${table}"`).get() as { n: number };
          return [table, row.n];
        }),
      ) as CopySummary['counts'],
    };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a whole Sigil database: ${(error as Error).message}`);
  } finally {
    sqlite.close();
  }
}

function sqliteSchemaVersion(sqlite: SQLite.Database, file: string): string {
  const table = sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
    .get();
  if (!table) throw new BackupError(`${file} is a SQLite database but not Sigil's (no migrations)`);
  const row = sqlite
    .prepare('select name from kysely_migration order by name desc limit 1')
    .get() as { name: string } | undefined;
  if (!row) throw new BackupError(`${file} is a SQLite database but not Sigil's (no migrations)`);
  return row.name;
}
