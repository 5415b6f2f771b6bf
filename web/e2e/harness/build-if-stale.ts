import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { withoutTestRunnerEnv } from './without-test-runner-env.js';

/**
 * Runs `npm run build` (web/dist and server/dist) unless both outputs are
 * newer than every source they come from: a rebuild costs a minute or more on
 * two cores, and most e2e runs follow a build already.
 */
export type BuildIfStaleReturnType = 'built' | 'fresh';

const SOURCES = [
  'schema',
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/tsconfig.json',
  'web/package.json',
  'server/src',
  'server/tsconfig.json',
  'server/tsconfig.build.json',
  'server/package.json',
  'package-lock.json',
];
const OUTPUTS = ['web/dist/index.html', 'server/dist/main.js'];

function mtime(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Newest modification under `path`; generated code follows the schema, so it is skipped. */
function newest(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'generated' || entry === 'node_modules') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

export function buildIsStale(repoRoot: string): boolean {
  const outputs = OUTPUTS.map((output) => mtime(join(repoRoot, output)));
  if (outputs.some((time) => time === undefined)) return true;
  const oldestOutput = Math.min(...(outputs as number[]));
  const newestSource = Math.max(...SOURCES.map((source) => newest(join(repoRoot, source))));
  return newestSource > oldestOutput;
}

export async function buildIfStale(repoRoot: string): Promise<BuildIfStaleReturnType> {
  if (!buildIsStale(repoRoot)) return 'fresh';
  const child = spawn('npm', ['run', 'build'], {
    cwd: repoRoot,
    env: withoutTestRunnerEnv(process.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run build failed with ${code}:\n${output}`);
  return 'built';
}
