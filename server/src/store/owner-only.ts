import { chmodSync, fchmodSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Files and folders only their owner can read: the database, its WAL and
 * SHM, and every backup hold the OpenID Connect signing keys and the cookie
 * secrets (docs/operations.md, "Data on disk"). The modes are set after
 * creation too, so a umask (022, or one that takes more) changes nothing.
 */
export const OWNER_ONLY_FILE = 0o600;
export const OWNER_ONLY_FOLDER = 0o700;

/** Makes `dir` and its missing parents; those it creates are 0700. Existing ones are left as they are. */
export function makeOwnerOnlyFolder(dir: string): void {
  const first = mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  if (first === undefined) return;
  for (let created = dir; ; created = dirname(created)) {
    chmodSync(created, OWNER_ONLY_FOLDER);
    if (created === first || dirname(created) === created) return;
  }
}

/**
 * Creates `path` as a new, empty 0600 file and returns its descriptor. It is
 * created exclusively (O_EXCL): an existing name, a planted symlink among
 * them (even a dangling one), fails with EEXIST and is never followed.
 */
export function createOwnerOnlyFile(path: string): number {
  const fd = openSync(path, 'wx', OWNER_ONLY_FILE);
  fchmodSync(fd, OWNER_ONLY_FILE);
  return fd;
}
