import type { Config } from '../config/load-config.js';
import type { Db } from '../store/database.js';
import { ADMIN_ROLE } from './admin-role.js';
import { listGrantedRoles } from './granted-role-store.js';
import { isConfiguredAdministrator } from './is-administrator.js';

/**
 * Every role the account holds (docs/access.md, "Evaluation"): the roles the rules
 * grant, given by the caller as it read them (a fresh check, or the stored one
 * when no chain may be read), the roles granted by hand, and `admin` when it
 * was granted or a wallet is in ADMIN_ADDRESSES. Sorted, each once. The access
 * checker (and through it `Account.roles` and the OIDC `roles` claim), the
 * admin API and the audit log all ask here, so they never disagree.
 * `db` may be a transaction: the roles are then as it sees them.
 */
export async function heldRoles(
  db: Db,
  config: Pick<Config, 'adminWallets'>,
  accountId: string,
  ruleRoles: readonly string[],
): Promise<string[]> {
  const [granted, admin] = await Promise.all([
    listGrantedRoles(db, accountId),
    // Granted `admin` is in `granted` already: only ADMIN_ADDRESSES needs asking.
    isConfiguredAdministrator(db, config, accountId),
  ]);
  const roles = new Set([...ruleRoles, ...granted]);
  if (admin) roles.add(ADMIN_ROLE);
  return [...roles].sort();
}
