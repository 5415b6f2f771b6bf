import { resolve } from 'node:path';
import { BackupError } from './backup-error.js';
import { copyKind } from './copy-kind.js';
import { formatCopySummary } from './copy-summary.js';
import { postgresLocation } from './postgres-location.js';
import { restorePostgres } from './restore-postgres.js';
import { restoreSqlite } from './restore-sqlite.js';
import { runBackupCommand } from './run-backup-command.js';

/**
 * `npm run restore -- FILE`: puts a copy made by `npm run backup` in place as
 * DATABASE_URL's database, unless a server is using that database
 * (restore-sqlite.ts and restore-postgres.ts say how each knows).
 */
await runBackupCommand('npm run restore -- FILE', {}, async ({ database, file }) => {
  const path = resolve(file);
  const kind = copyKind(path);
  const location = database();
  if (kind !== location.kind) {
    const names = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
    throw new BackupError(
      `${path} is a ${names[kind]} copy but DATABASE_URL is a ${names[location.kind]} database`,
    );
  }
  const summary =
    location.kind === 'sqlite'
      ? await restoreSqlite(path, location.path)
      : await restorePostgres(path, location.url);
  const target =
    location.kind === 'sqlite' ? location.path : postgresLocation(location.url).description;
  return `Restored ${path} into ${target} (${formatCopySummary(summary)})`;
});
