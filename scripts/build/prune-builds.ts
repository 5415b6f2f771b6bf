import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parseBuildName } from '../../server/src/build/build-name.js';
import { pinnedBuilds } from '../../server/src/build/pin-build.js';
import { currentBuild } from './swap-in-build.js';

/**
 * Removes the old builds of `pointer` (docs/operations.md, "Builds and
 * restarts"), keeping:
 * - the current one;
 * - every one a live process has pinned (server/src/build/pin-build.ts): a
 *   running instance serves its own build until it stops;
 * - the newest `keepPrevious` older ones: an instance resolves the pointer a
 *   moment before it pins what it found, and one swap may fall in between;
 * - every one newer than the current: another build is still writing it.
 *
 * Returns the names removed.
 */
export function pruneBuilds(pointer: string, { keepPrevious = 1 } = {}): string[] {
  const current = currentBuild(pointer);
  if (!current) return [];
  const parent = dirname(pointer);
  const pinned = pinnedBuilds(parent);
  const older = readdirSync(parent)
    .map((name) => ({ name, build: parseBuildName(name) }))
    .filter(({ name, build }) => build?.pointer === basename(pointer) && name !== current.name)
    .filter(({ build }) => (build?.startedAt ?? 0) <= current.startedAt)
    .sort((a, b) => (b.build?.startedAt ?? 0) - (a.build?.startedAt ?? 0));
  const removed: string[] = [];
  for (const [index, { name }] of older.entries()) {
    if (index < keepPrevious || pinned.has(name)) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
