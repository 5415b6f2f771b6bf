import { checkPostgresCopy } from './check-postgres-copy.js';
import { checkSqliteCopy } from './check-sqlite-copy.js';
import { copyKind } from './copy-kind.js';
import type { CopySummary } from './copy-summary.js';

/** `npm run backup -- --check FILE`: reads a copy of either database, changing nothing. */
export async function checkBackup(file: string): Promise<CopySummary> {
  return copyKind(file) === 'sqlite' ? checkSqliteCopy(file) : checkPostgresCopy(file);
}
