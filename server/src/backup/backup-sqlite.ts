import { closeSync, rmSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { BackupError } from './backup-error.js';
import { createAsideFile, placeNewFile, refuseExistingFile } from './place-new-file.js';

/** Pages per step of SQLite's backup API: all of them (better-sqlite3 caps the count at 2^31-1). */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies a live SQLite database with its online backup API (docs/operations.md, "Backups": never
 * a file copy, which could catch the file and its WAL mid-write). All pages go
 * in one step, which reads in one transaction: the copy is the database as of
 * that moment, and in WAL mode the server goes on writing meanwhile. (In
 * steps, each write by the server would restart the copy from the start, and
 * a busy server could keep it from ever finishing.) The copy is then taken
 * out of WAL mode, so it is one self-contained file. It is written into the
 * temporary file this process created 0600 and exclusively
 * (place-new-file.ts), which SQLite finds empty and fills. `started` is
 * called once the checks have passed, as the copy begins.
 */
export async function backupSqlite(
  path: string,
  file: string,
  started: () => void = () => {},
): Promise<void> {
  refuseExistingFile(file);
  let source: SQLite.Database;
  try {
    source = new SQLite(path, { fileMustExist: true });
  } catch (error) {
    throw new BackupError(`Cannot open the database ${path}: ${(error as Error).message}`);
  }
  let aside: string | undefined;
  try {
    const created = createAsideFile(file);
    aside = created.path;
    closeSync(created.fd);
    started();
    source.pragma('busy_timeout = 5000');
    await source.backup(aside, { progress: () => ALL_PAGES });
    const copy = new SQLite(aside, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    placeNewFile(aside, file);
  } catch (error) {
    if (aside) rmSync(aside, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The backup of ${path} failed: ${(error as Error).message}`);
  } finally {
    source.close();
  }
}
