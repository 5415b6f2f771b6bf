import { randomBytes } from 'node:crypto';
import { linkSync, lstatSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createOwnerOnlyFile } from '../store/owner-only.js';
import { BackupError } from './backup-error.js';

/** Refuses early, before any work, when the copy's file already exists (a dangling symlink counts). */
export function refuseExistingFile(file: string): void {
  let exists = true;
  try {
    lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    exists = false;
  }
  if (exists) {
    throw new BackupError(
      `${file} already exists: a backup never overwrites a file; choose a new name`,
    );
  }
}

export type AsideFile = {
  path: string;
  /** Open for writing, at its start; the caller closes it. */
  fd: number;
};

/**
 * Where a copy is written before it is complete: beside its final name, so
 * the move is within one file system. The name ends in 24 random hex digits
 * and the file is created exclusively and 0600 (store/owner-only.ts): a name
 * someone could guess and plant a symlink at beforehand would let them
 * choose where the copy is written, or read it.
 */
export function createAsideFile(file: string): AsideFile {
  const path = join(dirname(file), `.${basename(file)}.partial-${randomBytes(12).toString('hex')}`);
  return { path, fd: createOwnerOnlyFile(path) };
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
