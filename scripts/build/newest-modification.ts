import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The newest modification time (ms) of a file, or of anything under a
 * folder; 0 when it does not exist. Installed packages and generated code
 * (which follows the schema) are not sources, so they are skipped.
 */
export function newestModification(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'generated' || entry === 'node_modules') continue;
    latest = Math.max(latest, newestModification(join(path, entry)));
  }
  return latest;
}

/** The oldest modification of `paths`, or undefined when one of them is missing. */
export function oldestOutput(paths: readonly string[]): number | undefined {
  const stats = paths.map((path) => statSync(path, { throwIfNoEntry: false }));
  if (stats.some((stat) => !stat)) return undefined;
  return Math.min(...stats.map((stat) => stat?.mtimeMs ?? 0));
}
