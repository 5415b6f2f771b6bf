import { BuildFailedError } from '../scripts/build/build-failed-error.js';
import { BUILD_PARTS, type BuildPartName } from '../scripts/build/build-parts.js';
import { buildPartsIfStale } from '../scripts/build/build-parts-if-stale.js';
import { whyStale } from '../scripts/build/stale-part.js';
import { repoRoot } from './repo-root.js';
import { withoutTestRunnerEnv } from './without-test-runner-env.js';

/**
 * Builds (codegen, the workspace packages' dist, web/dist, server/dist) what
 * is older than its sources, through the same code as `npm start`
 * (scripts/build/build-parts-if-stale.ts): a rebuild costs a minute or more
 * on two cores, and most runs follow a build already. The end-to-end suite and
 * the benches both start from here, so they test and measure the code as it
 * is. The web app and the server are written aside and swapped in whole, so a
 * server another suite is running keeps its build.
 *
 * `buildPackagesIfStale` builds the workspace packages alone, for the server
 * suite: its worker threads and child processes are plain Node, which loads a
 * package's dist/ (only Vite and tsc read its `source` condition).
 */
export type BuildIfStaleReturnType = 'built' | 'fresh';

export { BuildFailedError };

function isStale(names: readonly BuildPartName[]): boolean {
  return BUILD_PARTS.some(
    (part) => names.includes(part.name) && whyStale(part, repoRoot) !== undefined,
  );
}

export function buildIsStale(): boolean {
  return isStale(BUILD_PARTS.map((part) => part.name));
}

export function packageBuildIsStale(): boolean {
  return isStale(['packages']);
}

async function build(parts?: BuildPartName[]): Promise<BuildIfStaleReturnType> {
  const built = await buildPartsIfStale({
    root: repoRoot,
    parts,
    // Without Vitest's NODE_ENV=test, or Vite would bundle React's development build.
    env: withoutTestRunnerEnv(process.env),
  });
  return built.length > 0 ? 'built' : 'fresh';
}

export function buildIfStale(): Promise<BuildIfStaleReturnType> {
  return build();
}

export function buildPackagesIfStale(): Promise<BuildIfStaleReturnType> {
  return build(['packages']);
}
