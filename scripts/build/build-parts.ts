import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What `npm run build` builds, in order, and what each part is built from:
 * `npm start` and the test harness build only the parts older than their
 * sources (stale-part.ts). The web app and the server are written aside and
 * swapped in whole (swap-in-build.ts), since a running instance serves them;
 * the generated GraphQL code and the workspace packages' dist/ are inputs of
 * those builds and are written in place.
 */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export type BuildPartName = 'codegen' | 'packages' | 'catalogues' | 'web' | 'server';

export type BuildStep = { command: string; args: string[]; cwd: string };

type PartCommon = {
  name: BuildPartName;
  /** For the one line `npm start` prints: "building the web app". */
  what: string;
  /** Files and folders (relative to the root) whose changes make the part stale. */
  sources: readonly string[];
  /** Parts this one is built from, built first when stale. */
  needs: readonly BuildPartName[];
};

/** Written in place; stale when a source is newer than the oldest output. */
export type InPlacePart = PartCommon & {
  kind: 'in-place';
  outputs: readonly string[];
  step(): BuildStep;
};

/** Written into a new folder beside `pointer`, then swapped in; stale when a source changed after the build started. */
export type AsidePart = PartCommon & {
  kind: 'aside';
  /** The served path, a symlink to the current build: `web/dist`. */
  pointer: string;
  /** A file every complete build has, relative to the build folder. */
  entry: string;
  step(outDir: string): BuildStep;
};

export type BuildPart = InPlacePart | AsidePart;

const PACKAGES = ['packages/siwe', 'packages/profile-rules', 'packages/locales'];
const PACKAGE_SOURCES = PACKAGES.flatMap((dir) => [
  `${dir}/src`,
  `${dir}/package.json`,
  `${dir}/tsconfig.build.json`,
]);

/** What the words of the server's own pages are compiled from (write-page-catalogues.ts). */
const PAGE_CATALOGUE_SOURCES = [
  'web/src/locales',
  'server/src/i18n/messages',
  'server/src/i18n/page-messages.ts',
  'server/src/i18n/compile-page-catalogue.ts',
  'scripts/build/write-page-catalogues.ts',
];

const node = process.execPath;
const bin = (path: string) => join(repoRoot, 'node_modules', path);

export const BUILD_PARTS: readonly BuildPart[] = [
  {
    name: 'codegen',
    kind: 'in-place',
    what: 'the GraphQL types',
    sources: ['schema', 'package-lock.json'],
    needs: [],
    outputs: [
      'server/src/graphql/generated/resolvers-types.ts',
      'web/src/first-paint/generated/printed-operations.ts',
      'web/src/graphql/generated/graphql.ts',
    ],
    step: () => ({ command: 'npm', args: ['run', 'codegen'], cwd: repoRoot }),
  },
  {
    name: 'packages',
    kind: 'in-place',
    what: 'the workspace packages',
    sources: [...PACKAGE_SOURCES, 'package-lock.json'],
    needs: [],
    outputs: PACKAGES.flatMap((dir) => [`${dir}/dist/index.js`, `${dir}/dist/index.d.ts`]),
    step: () => ({ command: 'npm', args: ['run', 'build:packages'], cwd: repoRoot }),
  },
  {
    name: 'catalogues',
    kind: 'in-place',
    what: 'the server pages’ catalogues',
    sources: PAGE_CATALOGUE_SOURCES,
    needs: [],
    // For the server run from its sources (npm run dev, the server's tests); a server
    // build compiles its own beside its code (build-server.ts).
    outputs: ['server/src/i18n/generated/page-catalogues/en-US.json'],
    step: () => ({
      command: node,
      args: ['--conditions=source', '--import', 'tsx', 'scripts/build/write-page-catalogues.ts'],
      cwd: repoRoot,
    }),
  },
  {
    name: 'web',
    kind: 'aside',
    what: 'the web app',
    // Vite bundles the workspace packages from their sources (web/vite.config.ts).
    sources: [
      'schema',
      ...PACKAGE_SOURCES,
      'web/src',
      'web/public',
      'web/build',
      'web/index.html',
      'web/vite.config.ts',
      'web/tsconfig.json',
      'web/package.json',
      'package-lock.json',
    ],
    needs: ['codegen'],
    pointer: 'web/dist',
    entry: 'index.html',
    step: (outDir) => ({
      command: node,
      args: [bin('vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
      cwd: join(repoRoot, 'web'),
    }),
  },
  {
    name: 'server',
    kind: 'aside',
    what: 'the server',
    // tsc checks the server against the packages' dist/ types (server/tsconfig.json says why).
    sources: [
      'schema',
      ...PACKAGE_SOURCES,
      'server/src',
      ...PAGE_CATALOGUE_SOURCES,
      'scripts/build/build-server.ts',
      'server/tsconfig.json',
      'server/tsconfig.build.json',
      'server/package.json',
      'tsconfig.base.json',
      'package-lock.json',
    ],
    needs: ['codegen', 'packages'],
    // Each build is a sibling of server/dist, as deep as server/src, so the
    // paths the code finds from its own place (../../../workers, ../../../web/dist)
    // hold in both.
    pointer: 'server/dist',
    entry: 'main.js',
    step: (outDir) => ({
      command: node,
      args: ['--conditions=source', '--import', 'tsx', 'scripts/build/build-server.ts', outDir],
      cwd: repoRoot,
    }),
  },
];

export function buildPart(name: string): BuildPart {
  const part = BUILD_PARTS.find((candidate) => candidate.name === name);
  if (!part) {
    throw new Error(
      `no build part ${name}: one of ${BUILD_PARTS.map((each) => each.name).join(', ')}`,
    );
  }
  return part;
}
