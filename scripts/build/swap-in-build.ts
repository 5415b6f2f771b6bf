import {
  lstatSync,
  mkdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import {
  type BuildName,
  formatBuildName,
  parseBuildName,
} from '../../server/src/build/build-name.js';

/**
 * Builds are written aside and swapped in whole (docs/operations.md, "Builds
 * and restarts"): a build writes into a fresh folder beside the served path
 * (`web/dist-<started>-<pid>` beside `web/dist`), and only once it is complete
 * does the served path, a symlink, point at it. The switch is a rename over
 * the old symlink, which is atomic: whoever resolves `web/dist` finds the old
 * build or the new one, whole, never a half-written or a missing one.
 */

/** Creates the empty folder a build of `pointer` writes into. */
export function startBuildDirectory(
  pointer: string,
  startedAt: number = Date.now(),
  pid: number = process.pid,
): string {
  const directory = join(
    dirname(pointer),
    formatBuildName({ pointer: basename(pointer), startedAt, pid }),
  );
  mkdirSync(directory);
  return directory;
}

/** The build `pointer` points at, when it is a symlink to a build written aside (and that build exists). */
export function currentBuild(pointer: string): (BuildName & { name: string }) | undefined {
  let target: string;
  try {
    target = readlinkSync(pointer);
  } catch {
    return undefined;
  }
  const name = basename(target);
  const build = parseBuildName(name);
  if (!build || !statSync(join(dirname(pointer), name), { throwIfNoEntry: false })) {
    return undefined;
  }
  return { ...build, name };
}

/** Points `pointer` at `directory` (a sibling), atomically. */
export function swapInBuild(pointer: string, directory: string): void {
  const parent = dirname(pointer);
  if (dirname(directory) !== parent) {
    throw new Error(`a build must sit beside ${pointer}, not in ${dirname(directory)}`);
  }
  const existing = lstatSync(pointer, { throwIfNoEntry: false });
  if (existing?.isDirectory()) {
    // A build from before builds were written aside: it becomes an old build
    // like any other (pruned later), and the served path becomes a symlink.
    const legacy = formatBuildName({
      pointer: basename(pointer),
      startedAt: Math.floor(existing.mtimeMs),
      pid: 0,
    });
    renameSync(pointer, join(parent, legacy));
  }
  // Relative, so the checkout can move; renamed over the old link in one step.
  const next = `${pointer}.next-${process.pid}`;
  rmSync(next, { force: true });
  symlinkSync(basename(directory), next);
  renameSync(next, pointer);
}
