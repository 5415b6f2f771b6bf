import { repoRoot } from '../../testing/repo-root.js';
import { spawnCapped } from '../../testing/spawn-capped.js';

/**
 * Runs a bench script (TypeScript, through tsx) in its own Node process pinned
 * to one CPU with `taskset`, and resolves with the JSON it prints as its last
 * line of stdout. Its stderr passes through, so progress lines stay visible.
 */
export type RunPinnedParameters = {
  /** The CPU list for `taskset -c`, e.g. `'0'`. */
  cpus: string;
  /** The script, relative to the repository root. */
  script: string;
  args?: string[];
  /** @default 120000 */
  timeoutMs?: number;
};

export async function runPinned<Result>(parameters: RunPinnedParameters): Promise<Result> {
  const { cpus, script, args = [], timeoutMs = 120_000 } = parameters;
  const run = spawnCapped({
    command: 'taskset',
    args: ['-c', cpus, process.execPath, '--import', 'tsx', script, ...args],
    cwd: repoRoot,
    inheritStderr: true,
  });
  const timer = setTimeout(() => run.child.kill('SIGKILL'), timeoutMs);
  const code = await run.exited;
  clearTimeout(timer);
  if (code !== 0) {
    throw new Error(`${script} on CPU ${cpus} exited with ${code}:\n${run.output().slice(-4000)}`);
  }
  const lastLine = run.output().trim().split('\n').at(-1) ?? '';
  return JSON.parse(lastLine) as Result;
}
