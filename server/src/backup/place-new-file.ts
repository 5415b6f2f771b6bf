import { existsSync, linkSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BackupError } from './backup-error.js';

/** Refuses early, before any work, when the copy's file already exists. */
export function refuseExistingFile(file: string): void {
  if (existsSync(file)) {
    throw new BackupError(
      `${file} already exists: a backup never overwrites a file; choose a new name`,
    );
  }
}

/** Where a copy is written before it is complete: beside its final name, so the move is within one file system. */
export function asidePath(file: string): string {
  return join(dirname(file), `.${basename(file)}.partial-${process.pid}`);
}

/**
 * Gives the finished copy its name. A hard link fails when the name exists
 * (where a rename would replace it), so a copy made meanwhile under that name
 * is never overwritten, and a half-written copy never carries the name.
 */
export function placeNewFile(aside: string, file: string): void {
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') refuseExistingFile(file);
    throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}
