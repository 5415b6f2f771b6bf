import { join } from 'node:path';
import { newestModification, oldestOutput } from './newest-modification.js';
import { repoRoot } from './repo-root.js';
import { spawnCapped } from './spawn-capped.js';
import { withoutTestRunnerEnv } from './without-test-runner-env.js';

/**
 * Runs `npm run build` (codegen, the workspace packages' dist, web/dist,
 * server/dist) unless every output is newer than every source it comes from:
 * a rebuild costs a minute or more on two cores, and most runs follow a build
 * already. The end-to-end suite and the benches both start from here, so they
 * test and measure the code as it is.
 *
 * `buildPackagesIfStale` builds the workspace packages alone, for the server
 * suite: its worker threads and child processes are plain Node, which loads a
 * package's dist/ (only Vite and tsc read its `source` condition).
 */
export type BuildIfStaleReturnType = 'built' | 'fresh';

export class BuildFailedError extends Error {
  constructor(
    readonly script: string,
    readonly exitCode: number | null,
    readonly output: string,
  ) {
    super(`npm run ${script} exited with ${exitCode}:\n${output}`);
    this.name = 'BuildFailedError';
  }
}

/** The workspace packages the server and web import; `npm run build:packages` builds them. */
const PACKAGES = ['packages/siwe', 'packages/profile-rules'];
const PACKAGE_SOURCES = PACKAGES.flatMap((dir) => [
  `${dir}/src`,
  `${dir}/package.json`,
  `${dir}/tsconfig.build.json`,
]);
const PACKAGE_OUTPUTS = PACKAGES.flatMap((dir) => [
  `${dir}/dist/index.js`,
  `${dir}/dist/index.d.ts`,
]);

const SOURCES = [
  ...PACKAGE_SOURCES,
  'schema',
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/tsconfig.json',
  'web/package.json',
  'server/src',
  'server/workers',
  'server/tsconfig.json',
  'server/tsconfig.build.json',
  'server/package.json',
  'package-lock.json',
];
const OUTPUTS = [...PACKAGE_OUTPUTS, 'web/dist/index.html', 'server/dist/main.js'];

function isStale(sources: readonly string[], outputs: readonly string[]): boolean {
  const builtAt = oldestOutput(outputs.map((output) => join(repoRoot, output)));
  if (builtAt === undefined) return true;
  return Math.max(...sources.map((source) => newestModification(join(repoRoot, source)))) > builtAt;
}

export function buildIsStale(): boolean {
  return isStale(SOURCES, OUTPUTS);
}

export function packageBuildIsStale(): boolean {
  return isStale(PACKAGE_SOURCES, PACKAGE_OUTPUTS);
}

async function runBuild(script: string): Promise<void> {
  // Without Vitest's NODE_ENV=test, or Vite would bundle React's development build.
  const build = spawnCapped({
    command: 'npm',
    args: ['run', script],
    cwd: repoRoot,
    env: withoutTestRunnerEnv(process.env),
  });
  const code = await build.exited;
  if (code !== 0) throw new BuildFailedError(script, code, build.output());
}

export async function buildIfStale(): Promise<BuildIfStaleReturnType> {
  if (!buildIsStale()) return 'fresh';
  await runBuild('build');
  return 'built';
}

export async function buildPackagesIfStale(): Promise<BuildIfStaleReturnType> {
  if (!packageBuildIsStale()) return 'fresh';
  await runBuild('build:packages');
  return 'built';
}
