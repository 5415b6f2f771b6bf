import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parseBuildName } from './build-name.js';

/**
 * A running server pins the builds it uses, its own code and the web app it
 * serves: one empty file per build and process, `.in-use/<build>.<pid>`
 * beside the builds, removed as the process exits. Pruning old builds
 * (scripts/build/prune-builds.ts) keeps every build pinned by a live process,
 * so an instance keeps serving its own build, and the assets its pages asked
 * for, until it stops (docs/operations.md, "Builds and restarts").
 *
 * A pin left by a process that was killed names a dead process id and is
 * ignored (and removed). A reused process id keeps a build a little longer,
 * which is harmless.
 */
export const PINS_FOLDER = '.in-use';

/** Pins `directory` for this process when it is a build written aside; anything else is left alone. */
export function pinBuild(directory: string, pid: number = process.pid): void {
  const name = basename(directory);
  if (!parseBuildName(name)) return;
  const pins = join(dirname(directory), PINS_FOLDER);
  const pin = join(pins, `${name}.${pid}`);
  try {
    mkdirSync(pins, { recursive: true });
    writeFileSync(pin, '');
  } catch {
    // A read-only checkout: nothing prunes there either.
    return;
  }
  if (pid === process.pid) process.once('exit', () => rmSync(pin, { force: true }));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The names of the builds in `parent` that a live process uses; pins of dead processes are removed. */
export function pinnedBuilds(parent: string): Set<string> {
  const pins = join(parent, PINS_FOLDER);
  const pinned = new Set<string>();
  let entries: string[];
  try {
    entries = readdirSync(pins);
  } catch {
    return pinned;
  }
  for (const entry of entries) {
    const dot = entry.lastIndexOf('.');
    const pid = Number(entry.slice(dot + 1));
    if (dot > 0 && Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
      pinned.add(entry.slice(0, dot));
    } else {
      rmSync(join(pins, entry), { force: true });
    }
  }
  return pinned;
}
