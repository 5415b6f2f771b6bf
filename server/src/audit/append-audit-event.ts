import type { Change, ChangeContext } from '../changes/change.js';
import type { Db } from '../store/database.js';

/** PLACEHOLDER (the audit-log work replaces this): writes one audit event for `change`, inside `trx`. */
export async function appendAuditEvent(
  _trx: Db,
  _context: ChangeContext,
  _change: Change,
): Promise<void> {}
