import { closeSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config/load-config.js';
import { cacheStatements } from './cache-statements.js';
import type { Database, Db } from './database.js';
import { createOwnerOnlyFile, makeOwnerOnlyFolder } from './owner-only.js';
import { ReadCache, type ReadCacheParameters } from './read-cache.js';
import { registerReadCache } from './read-cache-registry.js';

export type StoreDialect = 'sqlite' | 'postgres';

export type Store = {
  db: Db;
  dialect: StoreDialect;
  /** True when the database answers a trivial query: what /readyz reports. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const INT8_OID = 20;

/**
 * SQLite's page cache, in KiB: the server's largest native allocation, which
 * fills as the database grows until it reaches this bound (better-sqlite3's
 * own default is 16 MiB). 8 MiB holds the hot sessions, accounts and wallets
 * many times over; under the memory soak (bench/memory-soak.ts) resident
 * memory levels off once it is full.
 */
export const SQLITE_PAGE_CACHE_KIB = 8192;

export type CreateDatabaseOptions = {
  logger?: Pick<Logger, 'warn'>;
  /**
   * Serve the hot reads again until the database changes (store/read-cache.ts).
   * Only for SQLite, and only where this process is its one writer: the
   * server without REDIS_URL. Ignored for PostgreSQL, where other instances
   * write. @default false
   */
  readCache?: boolean | ReadCacheParameters;
};

export function createDatabase(
  database: Config['database'],
  options: CreateDatabaseOptions = {},
): Store {
  const { logger } = options;
  if (database.kind === 'sqlite') {
    if (database.path !== ':memory:') createOwnerOnlyDatabaseFile(database.path);
    const sqlite = new SQLite(database.path);
    // WAL lets readers run beside the single writer; NORMAL sync is durable
    // across process crashes, which is what a session store needs.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KIB}`);
    const readCache = options.readCache
      ? new ReadCache(options.readCache === true ? {} : options.readCache)
      : undefined;
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: cacheStatements(sqlite) }),
      plugins: readCache ? [readCache.plugin] : [],
    });
    if (readCache) registerReadCache(db, readCache);
    return {
      db,
      dialect: 'sqlite',
      ping: async () => sqlite.prepare('select 1 as ok').get() !== undefined,
      close: () => db.destroy(),
    };
  }

  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    connectionTimeoutMillis: 5000,
    // Times are epoch milliseconds in BIGINT columns: well inside 2^53.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format as 'text'),
    },
  });
  // A connection dropping (a PostgreSQL restart) is an 'error' event: on the
  // pool for an idle client, on the client itself for one that is checked out.
  // Either one without a listener ends the process. The query that was running
  // fails with its own error, and the pool replaces the client by itself.
  const connectionLost = (error: Error) =>
    logger?.warn({ reason: error.message }, 'a PostgreSQL connection was lost');
  pool.on('error', connectionLost);
  pool.on('connect', (client) => client.on('error', connectionLost));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

/**
 * A new database file is created 0600 in a 0700 folder before SQLite opens it:
 * SQLite gives the `-wal` and `-shm` it creates beside it the database file's
 * own mode, so they are owner-only too. An existing file keeps its mode
 * (docs/operations.md, "Data on disk").
 */
function createOwnerOnlyDatabaseFile(path: string): void {
  makeOwnerOnlyFolder(dirname(path));
  try {
    closeSync(createOwnerOnlyFile(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
