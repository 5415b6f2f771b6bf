import { closeSync, openSync, readSync } from 'node:fs';
import { BackupError } from './backup-error.js';

export type CopyKind = 'sqlite' | 'postgres';

// Every SQLite database starts with this header; every pg_dump archive in
// custom format with "PGDMP".
const SQLITE_MAGIC = 'SQLite format 3\0';
const PG_DUMP_MAGIC = 'PGDMP';

/** Which database a copy is of, from its first bytes: a copy is checked and restored by its content, not its name. */
export function copyKind(file: string): CopyKind {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(
      code === 'ENOENT' ? `${file} does not exist` : `Cannot read ${file}: ${code}`,
    );
  }
  const head = Buffer.alloc(SQLITE_MAGIC.length);
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const text = head.toString('latin1');
  if (text === SQLITE_MAGIC) return 'sqlite';
  if (text.startsWith(PG_DUMP_MAGIC)) return 'postgres';
  throw new BackupError(
    `${file} is neither a SQLite database nor a pg_dump archive in custom format`,
  );
}
