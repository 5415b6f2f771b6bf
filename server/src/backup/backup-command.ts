import { resolve } from 'node:path';
import { backupPostgres } from './backup-postgres.js';
import { backupSqlite } from './backup-sqlite.js';
import { checkBackup } from './check-backup.js';
import { formatCopySummary } from './copy-summary.js';
import { postgresLocation } from './postgres-location.js';
import { runBackupCommand } from './run-backup-command.js';

/**
 * `npm run backup -- FILE`: a consistent copy of DATABASE_URL's database,
 * taken while the server serves (SQLite's online backup API, or pg_dump's
 * custom format), written to FILE, which must not exist yet.
 * `npm run backup -- --check FILE`: what a copy holds (docs/operations.md,
 * "Backups").
 */
await runBackupCommand(
  'npm run backup -- FILE, or npm run backup -- --check FILE',
  { check: true },
  async ({ database, file, check }) => {
    const path = resolve(file);
    if (check) return formatCopySummary(await checkBackup(path));
    const location = database();
    const source =
      location.kind === 'sqlite' ? location.path : postgresLocation(location.url).description;
    // Said once the checks have passed (an existing FILE is refused before
    // anything is printed) and before the copy begins: what was committed
    // before this line is in the copy.
    let started = Date.now();
    const copying = () => {
      process.stdout.write(`Copying ${source} to ${path}\n`);
      started = Date.now();
    };
    if (location.kind === 'sqlite') await backupSqlite(location.path, path, copying);
    else await backupPostgres(location.url, path, copying);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    return `Wrote a copy of ${source} to ${path} in ${seconds} s; check it with npm run backup -- --check ${path}`;
  },
);
