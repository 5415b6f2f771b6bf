import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { environmentVariables } from './environment-schema.js';
import { familyPrefix } from './environment-variable.js';
import { loadConfigOrExit } from './load-config-or-exit.js';

/** Whether the server reads `name`: a variable, or a member of a family (`RPC_URL_1`). */
function isSigilVariable(name: string): boolean {
  return Object.keys(environmentVariables).some((variable) => {
    const prefix = familyPrefix(variable);
    return prefix ? name.startsWith(prefix) : name === variable;
  });
}

describe('loadConfigOrExit', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('returns the configuration when every variable is good', () => {
    expect(loadConfigOrExit({ PORT: '8080' }).port).toBe(8080);
  });

  it('writes one line naming the variable and exits with code 1', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(() => loadConfigOrExit({ NONCE_TTL: 'soon' })).toThrowError('exit 1');
    expect(exit).toHaveBeenCalledWith(1);
    expect(write.mock.calls).toEqual([
      ['Invalid configuration: NONCE_TTL: "soon" is not a duration (e.g. 90s, 10m, 12h, 30d)\n'],
    ]);
  });

  // Its own timeout: tsx compiles main.ts and its imports first, seconds on a loaded machine.
  it('stops `main.ts` at start with one stderr line naming the bad variable', async () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url));
    const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
    // Only PORT is wrong: any configuration inherited from this shell is left out.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !isSigilVariable(name) && name !== 'NODE_OPTIONS',
      ),
    );
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', main],
        // A failure bound (a server that did start would never exit), inside the test's own.
        { cwd: repoRoot, env: { ...env, PORT: 'abc' }, timeout: 50_000 },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    const lines = stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PORT');
    expect(stdout).toBe('');
  }, 60_000);
});
