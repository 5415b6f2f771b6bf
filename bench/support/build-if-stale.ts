import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './repo-root.js';

/**
 * Runs `npm run build` (codegen, web/dist, server/dist) unless both outputs
 * are newer than every source they come from, so the benches measure the code
 * as it is. A build costs a minute or more on two cores, hence the check.
 */
export type BuildOutcome = 'fresh' | 'built' | { failed: string };

const SOURCES = [
  'schema/schema.graphql',
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'server/src',
  'server/workers',
  'server/tsconfig.build.json',
  'server/package.json',
  'package-lock.json',
];
const OUTPUTS = ['web/dist/index.html', 'server/dist/main.js'];

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

export function buildIsStale(): boolean {
  const outputs = OUTPUTS.map((output) =>
    statSync(join(repoRoot, output), { throwIfNoEntry: false }),
  );
  if (outputs.some((stat) => !stat)) return true;
  const oldestOutput = Math.min(...outputs.map((stat) => stat?.mtimeMs ?? 0));
  return Math.max(...SOURCES.map((source) => newest(join(repoRoot, source)))) > oldestOutput;
}

export async function buildIfStale(): Promise<BuildOutcome> {
  if (!buildIsStale()) return 'fresh';
  const child = spawn('npm', ['run', 'build'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return code === 0 ? 'built' : { failed: `npm run build exited with ${code}:\n${output}` };
}
