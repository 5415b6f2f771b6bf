import type { AccountRow } from '../accounts/account-store.js';
import { findAccountById } from '../accounts/account-store.js';
import type { ChangeContext } from '../changes/change.js';
import { NotFoundError } from '../errors.js';
import type { SessionRow } from '../sessions/session-store.js';
import type { Db } from '../store/database.js';

/** Who acts and from where, as the audit log records an administrator's change. */
export function adminChangeContext(
  context: { clientIp: string; userAgent: string | null },
  admin: SessionRow,
  at: number,
): ChangeContext {
  return {
    at,
    actorId: admin.account_id,
    ip: context.clientIp,
    userAgent: context.userAgent,
  };
}

/** The account an administrator's operation names, or NOT_FOUND. */
export async function requireAccount(db: Db, accountId: string): Promise<AccountRow> {
  const account = await findAccountById(db, accountId);
  if (!account) throw new NotFoundError(`No account has the id ${accountId}.`);
  return account;
}
