import { closeSync, existsSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { makeOwnerOnlyFolder } from '../store/owner-only.js';
import { BackupError } from './backup-error.js';
import { checkSqliteCopy } from './check-sqlite-copy.js';
import type { CopySummary } from './copy-summary.js';
import { createAsideFile } from './place-new-file.js';

/**
 * Puts a SQLite copy in place of the database at `path`, unless a process has
 * that database open.
 *
 * How it knows: the server keeps its database in WAL mode, and every
 * connection to a WAL database holds a shared lock on it for as long as it is
 * open, which SQLite releases even when the process is killed. Leaving WAL
 * mode needs the database alone, so `journal_mode = DELETE` without waiting
 * fails exactly when another connection is open (a pid file would outlive a
 * killed server, or name a pid since reused). Once it succeeded, an exclusive
 * lock is held on the old file until the new one has its name, so nothing
 * writes to the old one meanwhile. (A server started during those
 * milliseconds could still open the old file once the lock is gone: the drill
 * in docs/operations.md stops every instance first.)
 *
 * The copy is first written beside the database (through the backup API, so
 * a copy in either journal mode comes out whole, into a 0600 file created
 * exclusively: place-new-file.ts) and then renamed over it,
 * so the database is at every moment the old one or the restored one; the
 * old one's `-wal` and `-shm` go with it, or SQLite would replay them into
 * the restored copy.
 */
export async function restoreSqlite(file: string, path: string): Promise<CopySummary> {
  const summary = await checkSqliteCopy(file);
  if (path === ':memory:')
    throw new BackupError('DATABASE_URL is sqlite::memory:, which has no file to restore into');
  makeOwnerOnlyFolder(dirname(path));
  const created = createAsideFile(path);
  closeSync(created.fd);
  const aside = created.path;
  try {
    const source = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(aside);
    } finally {
      source.close();
    }
    const current = existsSync(path) ? holdAlone(path) : undefined;
    try {
      rmSync(`${path}-wal`, { force: true });
      rmSync(`${path}-shm`, { force: true });
      rmSync(`${path}-journal`, { force: true });
      renameSync(aside, path);
    } finally {
      current?.close();
    }
  } finally {
    rmSync(aside, { force: true });
  }
  return summary;
}

/** The database at `path`, opened alone and locked; a BackupError when another connection has it open. */
function holdAlone(path: string): SQLite.Database {
  const sqlite = new SQLite(path, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 0');
    sqlite.pragma('journal_mode = DELETE');
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.exec('begin exclusive');
    return sqlite;
  } catch (error) {
    sqlite.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new BackupError(
        `${path} is in use: a server (or another process) has it open; stop every instance, then restore`,
      );
    }
    throw new BackupError(`Cannot open the database ${path}: ${(error as Error).message}`);
  }
}
