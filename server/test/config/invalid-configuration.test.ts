import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs a command's entry point with only `env`; resolves with its exit code and stderr. */
function run(entry: string, env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(entry, import.meta.url))],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        // How the Node 22 pass (scripts/node22) loads its own build of better-sqlite3.
        ...(process.env.NODE_OPTIONS && { NODE_OPTIONS: process.env.NODE_OPTIONS }),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stderr })),
  );
}

describe.each([
  ['npm start', '../../src/main.ts'],
  ['npm run oidc:rotate-keys', '../../src/oidc/rotate-keys-command.ts'],
])('%s with a bad setting', (_command, entry) => {
  it('stops with exit code 1 and one line naming the variable', async () => {
    const { code, stderr } = await run(entry, { SESSION_MAX_AGE: 'forever' });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: .*SESSION_MAX_AGE/);
  });
});
