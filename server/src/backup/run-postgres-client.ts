import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { BackupError } from './backup-error.js';

export type PostgresClientProgram = 'pg_dump' | 'pg_restore';

export type PostgresClientOptions = {
  /** Lines it prints on stdout, as they come. */
  onLine?: (line: string) => void;
  /** A file descriptor its stdout is written to instead. */
  output?: number;
  /** Added to the environment: PGPASSWORD (postgres-location.ts says why never on the command line). */
  env?: Record<string, string>;
  /** Called once the program runs (not when it is missing). */
  onSpawn?: () => void;
};

/**
 * Runs pg_dump or pg_restore, the PostgreSQL client's own tools for its
 * custom-format archives (docs/operations.md, "Backups"). Lines it prints on
 * stdout go to `onLine` as they come, so a large archive is never held whole.
 * A missing program and a failed run each end in one line for the operator.
 */
export function runPostgresClient(
  program: PostgresClientProgram,
  args: readonly string[],
  { onLine, output, env, onSpawn }: PostgresClientOptions = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: ['ignore', output ?? (onLine ? 'pipe' : 'ignore'), 'pipe'],
      env: { ...process.env, ...env },
    });
    if (onSpawn) child.once('spawn', onSpawn);
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4000);
    });
    if (onLine && child.stdout) createInterface({ input: child.stdout }).on('line', onLine);
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${program} not found: install the PostgreSQL client (apt-get install postgresql-client), ` +
                'of the major version of the server or newer',
            )
          : error,
      );
    });
    child.once('close', (code, signal) => {
      if (code === 0) return resolve();
      const lines = errors.trim().split('\n');
      const last = lines.find((line) => /error|fatal/i.test(line)) ?? lines.at(-1) ?? '';
      reject(
        new BackupError(
          `${program} failed (${signal ?? `exit code ${code}`}): ${last.replace(/^\S+: /, '')}`,
        ),
      );
    });
  });
}
