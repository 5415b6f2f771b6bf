import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The server's floors, bottom first (docs/architecture.md, "Layers"). A file
 * is on the first floor whose test it passes; an import from a lower floor
 * to a higher one runs back up.
 */
export const FLOORS: readonly { name: string; holds: (path: string) => boolean }[] = [
  {
    // A module's descriptor is its part of the composition root: it hands
    // modules.ts its resolvers, routes and services.
    name: 'composition root',
    holds: (path) =>
      /^(modules|sigil-module|create-services|create-disposal-stack|app|main)\.ts$/.test(path) ||
      /^[^/]+\/(.+\/)?[^/]+-module\.ts$/.test(path),
  },
  {
    // A module's resolvers and routes are its part of the request layer.
    name: 'request layer',
    holds: (path) =>
      /^(graphql|http)\//.test(path) && !/^graphql\/generated\/schema-enums\.ts$/.test(path)
        ? true
        : /-resolvers\.ts$|(^|\/)serve-[^/]+\.ts$|-routes?\.ts$/.test(path),
  },
  {
    name: 'bottom',
    holds: (path) =>
      /^(store|config)\//.test(path) ||
      /^(clock|errors|chains)\.ts$/.test(path) ||
      path === 'graphql/generated/schema-enums.ts',
  },
  { name: 'roles', holds: (path) => path.startsWith('roles/') },
  {
    // The platform every module stands on; services.ts names its services
    // and imports nothing else.
    name: 'platform',
    holds: (path) =>
      /^(changes|events|housekeeping|metrics|i18n|html|backup|build)\//.test(path) ||
      /^(services|create-logger)\.ts$/.test(path),
  },
  { name: 'modules', holds: () => true },
];

/** Floors from the bottom up: the order an import may only go down. */
export const FLOOR_ORDER = [
  'bottom',
  'roles',
  'platform',
  'modules',
  'request layer',
  'composition root',
];

/** The floor of a path relative to the source root (forward slashes). */
export function floorOf(path: string): string {
  return FLOORS.find((floor) => floor.holds(path))?.name ?? 'modules';
}

/**
 * Every import in `sourceRoot` (tests and generated code left out, type-only
 * imports counted) from a file on a lower floor to a file on a higher one,
 * as `from -> to` with paths relative to the root. Written by hand like
 * two-way-folder-pairs.ts: a scan of relative import specifiers is all it
 * needs.
 */
export function upwardImports(sourceRoot: string): string[] {
  const root = resolve(sourceRoot);
  const found = new Set<string>();
  for (const file of sourceFiles(root)) {
    const from = pathIn(root, file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const to = pathIn(root, resolve(dirname(file), match[1] as string)).replace(/\.js$/, '.ts');
      if (to.startsWith('..')) continue;
      if (FLOOR_ORDER.indexOf(floorOf(to)) > FLOOR_ORDER.indexOf(floorOf(from))) {
        found.add(`${from} -> ${to}`);
      }
    }
  }
  return [...found].sort();
}

function pathIn(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
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
 * `tsx scripts/imports/upward-imports.ts server/src=21`: lists the imports
 * that run back up the floors and fails when there are more than the
 * ceiling, so the count only goes down (docs/architecture.md, "Layers").
 * Lower the ceiling when one goes.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const [root = '', ceiling] = (process.argv[2] ?? 'server/src').split('=');
  const imports = upwardImports(root);
  console.log(`${root}: ${imports.length} imports run back up the floors`);
  for (const line of imports) {
    const [from = '', to = ''] = line.split(' -> ');
    console.log(`  ${line}  (${floorOf(from)} -> ${floorOf(to)})`);
  }
  if (ceiling !== undefined && imports.length > Number(ceiling)) {
    console.error(
      `${root}: more than ${ceiling} such imports; a new one is a layer crossed upward.`,
    );
    process.exit(1);
  }
}
