import type { Config } from '../config/load-config.js';
import { ForbiddenError } from '../errors.js';
import { isConfiguredAdministrator } from '../roles/is-administrator.js';
import type { Db } from '../store/database.js';

/** The admin mutations that could shut an administrator out. */
export type ActionOnAdministrator = 'suspend' | 'end-sessions' | 'revoke-admin';

/**
 * Administrators configured by ADMIN_ADDRESSES are the operator's, not the
 * API's (docs/administration.md): nobody suspends one through the API (the
 * operator removes the wallet from ADMIN_ADDRESSES first), and only another
 * configured administrator may end their sessions or take back an `admin`
 * they were also granted. Otherwise an account granted `admin` by hand could
 * lock out every configured administrator, who could never undo it.
 * Granted administrators stay under any administrator's hand.
 */
export async function protectConfiguredAdministrator(
  db: Db,
  config: Pick<Config, 'adminWallets'>,
  p: { actorId: string; targetId: string; action: ActionOnAdministrator },
): Promise<void> {
  if (!(await isConfiguredAdministrator(db, config, p.targetId))) return;
  if (p.action === 'suspend') {
    throw new ForbiddenError(
      'An administrator configured by ADMIN_ADDRESSES cannot be suspended through the API; the operator removes their wallet from ADMIN_ADDRESSES first.',
    );
  }
  if (!(await isConfiguredAdministrator(db, config, p.actorId))) {
    throw new ForbiddenError(
      p.action === 'end-sessions'
        ? "Only an administrator configured by ADMIN_ADDRESSES may end a configured administrator's sessions."
        : "Only an administrator configured by ADMIN_ADDRESSES may revoke a configured administrator's admin.",
    );
  }
}
