import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildPart } from './build-parts.js';
import { newestModification, oldestOutput } from './newest-modification.js';
import { currentBuild } from './swap-in-build.js';

/**
 * Why `part` needs building in the checkout at `root`, or undefined when it
 * is up to date: a build costs a minute or more on two cores, and most starts
 * follow a build already. A build written aside is compared by when it
 * started (its folder's name), so a source saved while it ran still counts as
 * newer; one written in place, by its oldest output.
 */
export function whyStale(part: BuildPart, root: string): string | undefined {
  const newestSource = Math.max(
    ...part.sources.map((source) => newestModification(join(root, source))),
  );
  if (part.kind === 'in-place') {
    const builtAt = oldestOutput(part.outputs.map((output) => join(root, output)));
    if (builtAt === undefined) return 'not built yet';
    return newestSource > builtAt ? 'sources changed' : undefined;
  }
  const pointer = join(root, part.pointer);
  const current = currentBuild(pointer);
  if (!current || !existsSync(join(pointer, part.entry))) return 'not built yet';
  return newestSource > current.startedAt ? 'sources changed' : undefined;
}
