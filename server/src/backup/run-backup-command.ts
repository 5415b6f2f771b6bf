import { parseArgs } from 'node:util';
import type { Config } from '../config/load-config.js';
import { loadConfigOrExit } from '../config/load-config-or-exit.js';
import { BackupError } from './backup-error.js';

export type BackupCommandInput = {
  /** DATABASE_URL's database; read only when needed (a check reads the copy alone). */
  database(): Config['database'];
  file: string;
  check: boolean;
};

/**
 * The frame of `npm run backup` and `npm run restore`: DATABASE_URL through
 * the server's own config reader (so its default applies), one FILE argument,
 * and every failure as one line on stderr with exit code 1.
 */
export async function runBackupCommand(
  usage: string,
  options: { check?: boolean },
  run: (input: BackupCommandInput) => Promise<string>,
): Promise<void> {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: options.check ? { check: { type: 'boolean' } } : {},
    });
    const [file, ...rest] = positionals;
    if (!file || rest.length > 0) throw new BackupError(`Usage: ${usage}`);
    const check = (values as { check?: boolean }).check === true;
    const database = () => loadConfigOrExit().database;
    process.stdout.write(`${await run({ database, file, check })}\n`);
  } catch (error) {
    // Node's own refusal of an unknown option runs on; its first sentence says it.
    const message =
      error instanceof BackupError
        ? error.message
        : (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
          ? `${(error as Error).message.split('. ')[0]}. Usage: ${usage}`
          : `Unexpected failure: ${(error as Error).message ?? error}`;
    process.stderr.write(`${message}\n`);
    process.exitCode = 1;
  }
}
