/**
 * A refusal or failure of `npm run backup` / `npm run restore` that the
 * operator can act on: its message is the one line the command prints
 * (run-backup-command.ts) before exiting 1.
 */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}
