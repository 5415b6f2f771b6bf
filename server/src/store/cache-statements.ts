import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

export type CacheStatementsParameters = {
  /** Distinct SQL texts kept prepared; the least recently used goes first. @default 256 */
  maxStatements?: number;
};

/**
 * The database with `prepare(sql)` answered from a cache of prepared
 * statements, keyed by SQL text. Kysely's SQLite driver prepares every query
 * it runs, and compiling the same few statements again and again was about a
 * quarter of the store's time per sign-in. The texts are few (Kysely builds
 * them from code and binds the values), so a small bound keeps them all.
 */
export function cacheStatements(
  database: BetterSqlite3.Database,
  parameters: CacheStatementsParameters = {},
): SqliteDatabase {
  const { maxStatements = 256 } = parameters;
  if (!Number.isInteger(maxStatements) || maxStatements < 1) {
    throw new RangeError('maxStatements must be a positive integer');
  }
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  const statements = new Map<string, BetterSqlite3.Statement>();

  return {
    prepare(source: string) {
      const cached = statements.get(source);
      if (cached) {
        statements.delete(source);
        statements.set(source, cached);
        return cached;
      }
      const statement = database.prepare(source);
      statements.set(source, statement);
      if (statements.size > maxStatements) {
        const leastRecent = statements.keys().next().value as string;
        statements.delete(leastRecent);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
