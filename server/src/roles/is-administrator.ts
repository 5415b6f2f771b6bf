import { listedWalletIdentities } from '../accounts/listed-wallet-identities.js';
import type { Config } from '../config/load-config.js';
import type { Db } from '../store/database.js';
import { ADMIN_ROLE } from './admin-role.js';

/**
 * Whether one of the account's wallets is in ADMIN_ADDRESSES, read as an
 * allowlist reads its entries (accounts/listed-wallet-identities.ts): a
 * configured administrator, whom only the operator can remove
 * (docs/administration.md). One indexed lookup, never a chain read.
 */
export async function isConfiguredAdministrator(
  db: Db,
  config: Pick<Config, 'adminWallets'>,
  accountId: string,
): Promise<boolean> {
  if (config.adminWallets.length === 0) return false;
  const listed = await db
    .selectFrom('wallets')
    .select('id')
    .where('account_id', '=', accountId)
    .where('identity', 'in', [...listedWalletIdentities(config.adminWallets)])
    .executeTakeFirst();
  return listed !== undefined;
}

/**
 * Whether the account holds `admin` (docs/administration.md): it is a
 * configured administrator (ADMIN_ADDRESSES), or an administrator granted it.
 * The `admin` of heldRoles (held-roles.ts), asked alone: no rule grants
 * `admin` (config/access-rule.ts), so the guards and the audit log export
 * need no rule check.
 * Never reads a chain: an admin check costs two indexed lookups.
 */
export async function isAdministrator(
  db: Db,
  config: Pick<Config, 'adminWallets'>,
  accountId: string,
): Promise<boolean> {
  if (await isConfiguredAdministrator(db, config, accountId)) return true;
  const granted = await db
    .selectFrom('granted_roles')
    .select('role')
    .where('account_id', '=', accountId)
    .where('role', '=', ADMIN_ROLE)
    .executeTakeFirst();
  return granted !== undefined;
}
