import { join } from 'node:path';
import { newestModification, oldestOutput } from './newest-modification.js';
import { repoRoot } from './repo-root.js';
import { spawnCapped } from './spawn-capped.js';
import { withoutTestRunnerEnv } from './without-test-runner-env.js';

/**
 * Runs `npm run build` (codegen, web/dist, server/dist) unless both outputs
 * are newer than every source they come from: a rebuild costs a minute or
 * more on two cores, and most runs follow a build already. The end-to-end
 * suite and the benches both start from here, so they test and measure the
 * code as it is.
 */
export type BuildIfStaleReturnType = 'built' | 'fresh';

export class BuildFailedError extends Error {
  constructor(
    readonly exitCode: number | null,
    readonly output: string,
  ) {
    super(`npm run build exited with ${exitCode}:\n${output}`);
    this.name = 'BuildFailedError';
  }
}

const SOURCES = [
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
const OUTPUTS = ['web/dist/index.html', 'server/dist/main.js'];

export function buildIsStale(): boolean {
  const builtAt = oldestOutput(OUTPUTS.map((output) => join(repoRoot, output)));
  if (builtAt === undefined) return true;
  return Math.max(...SOURCES.map((source) => newestModification(join(repoRoot, source)))) > builtAt;
}

export async function buildIfStale(): Promise<BuildIfStaleReturnType> {
  if (!buildIsStale()) return 'fresh';
  // Without Vitest's NODE_ENV=test, or Vite would bundle React's development build.
  const build = spawnCapped({
    command: 'npm',
    args: ['run', 'build'],
    cwd: repoRoot,
    env: withoutTestRunnerEnv(process.env),
  });
  const code = await build.exited;
  if (code !== 0) throw new BuildFailedError(code, build.output());
  return 'built';
}
