import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The pairs of module folders (the first folder under a source root, e.g.
 * server/src/admin) that import each other both ways, type-only imports
 * included: a measure of how tangled the modules are (docs/architecture.md,
 * "Layers"). Written by hand because dependency-cruiser reports cycles of
 * files, not a count of folder pairs; a plain scan of relative import
 * specifiers is all it needs.
 */
export function twoWayFolderPairs(sourceRoot: string): string[] {
  const root = resolve(sourceRoot);
  const edges = new Set<string>();
  for (const file of sourceFiles(root)) {
    const from = folderOf(root, file);
    if (from === undefined) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = resolve(dirname(file), match[1] as string);
      const to = folderOf(root, target);
      if (to !== undefined && to !== from) edges.add(`${from}>${to}`);
    }
  }
  const pairs: string[] = [];
  for (const edge of edges) {
    const [a, b] = edge.split('>') as [string, string];
    if (a < b && edges.has(`${b}>${a}`)) pairs.push(`${a}<->${b}`);
  }
  return pairs.sort();
}

/** The module folder a path is in; undefined for a file at the root (app.ts, services.ts). */
function folderOf(root: string, path: string): string | undefined {
  const parts = relative(root, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
}

function* sourceFiles(directory: string): Generator<string> {
  for (const name of readdirSync(directory)) {
    if (name === 'generated' || name === 'node_modules') continue;
    const path = join(directory, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

/**
 * `tsx scripts/imports/two-way-folder-pairs.ts server/src=32 web/src=3`: lists
 * each root's pairs and fails when a root has more than its ceiling, so the
 * count only goes down (docs/architecture.md, "Layers"). Lower the ceiling
 * when a pair goes.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  let over = false;
  for (const argument of process.argv.slice(2)) {
    const [root = '', ceiling] = argument.split('=');
    const pairs = twoWayFolderPairs(root);
    const most = ceiling === undefined ? Number.POSITIVE_INFINITY : Number(ceiling);
    console.log(`${root}: ${pairs.length} module-folder pairs import each other both ways`);
    for (const pair of pairs) console.log(`  ${pair}`);
    if (pairs.length > most) {
      console.error(`${root}: more than ${most} such pairs; a new pair is a new tangle.`);
      over = true;
    }
  }
  if (over) process.exit(1);
}
