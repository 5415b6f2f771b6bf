import { spawn } from 'node:child_process';
import { repoRoot } from '../../../testing/repo-root.js';
import { isServerVariable } from '../../../testing/start-built-server.js';
import { withoutTestRunnerEnv } from '../../../testing/without-test-runner-env.js';

export type CommandResult = { code: number | null; stdout: string; stderr: string };

/**
 * Runs `npm run backup` or `npm run restore` as the operator does, minus the
 * build: the command's entry point in its own process, from its sources
 * compiled at load (as the server suites run `server/src/main.ts`), with the
 * given DATABASE_URL and nothing of the shell's server configuration.
 */
export function runBackupCommand(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
  /** Called with each line the command writes on stdout, as it writes it. */
  onStdoutLine?: (line: string) => void,
): Promise<CommandResult> {
  const inherited = Object.fromEntries(
    Object.entries(withoutTestRunnerEnv(process.env)).filter(([name]) => !isServerVariable(name)),
  );
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', `server/src/backup/${command}-command.ts`, ...args],
    { cwd: repoRoot, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    partial += chunk.toString();
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onStdoutLine?.(line);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
