import { spawn } from 'node:child_process';
import { repoRoot } from './repo-root.js';

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
  const child = spawn(
    'taskset',
    ['-c', cpus, process.execPath, '--import', 'tsx', script, ...args],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  clearTimeout(timer);
  if (code !== 0) {
    throw new Error(`${script} on CPU ${cpus} exited with ${code}:\n${stdout.slice(-4000)}`);
  }
  const lastLine = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(lastLine) as Result;
}
