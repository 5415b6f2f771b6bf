import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../store/database.js';
import { createMigrator } from '../store/migrate.js';
import { BackupError } from './backup-error.js';
import type { SchemaObjects } from './schema-objects.js';
import { sqliteSchemaObjects } from './sqlite-schema-objects.js';

/**
 * The schema Sigil's migrations make up to `version`, in a new SQLite
 * database in memory: what a copy of that schema version must hold, and
 * nothing else. A version these migrations do not know is of a newer Sigil,
 * whose copies this one cannot vouch for (nor start on).
 */
export async function migratedSchema(file: string, version: string): Promise<SchemaObjects> {
  const sqlite = new SQLite(':memory:');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const migrator = await createMigrator({
      db,
      dialect: 'sqlite',
      ping: async () => true,
      close: () => db.destroy(),
    });
    const known = (await migrator.getMigrations()).map((migration) => migration.name);
    if (!known.includes(version)) {
      throw new BackupError(
        `${file} is of schema version ${version}, which this Sigil does not know (its latest is ${known.at(-1)}): check and restore it with the Sigil that made it, or a newer one`,
      );
    }
    const { error } = await migrator.migrateTo(version);
    if (error) throw error;
    return sqliteSchemaObjects(sqlite);
  } finally {
    await db.destroy();
  }
}
