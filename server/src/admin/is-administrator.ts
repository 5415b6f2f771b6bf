import { listedWalletIdentities } from '../accounts/listed-wallet-identities.js';
import type { Config } from '../config/load-config.js';
import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import type { GraphQLContext } from '../graphql/context.js';
import type { SessionRow } from '../sessions/session-store.js';
import type { Db } from '../store/database.js';

/** The role that opens the console and the admin API. */
export const ADMIN_ROLE = 'admin';

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

/**
 * The viewer's session, when its account holds `admin`: UNAUTHENTICATED
 * without a session, FORBIDDEN for anyone else. Every admin field and
 * mutation starts here.
 */
export async function requireAdministrator(context: GraphQLContext): Promise<SessionRow> {
  const { session } = context;
  if (!session) throw new UnauthenticatedError();
  if (!(await viewerIsAdministrator(context))) throw new ForbiddenError();
  return session;
}

/** The viewer's admin check, per request (HTTP) or operation (websocket). */
const checkedByRequest = new WeakMap<GraphQLContext, Promise<boolean>>();

/**
 * Whether the viewer holds `admin`, false without a session. Every admin
 * field checks, so one request asks the database once, not once per field.
 */
export function viewerIsAdministrator(context: GraphQLContext): Promise<boolean> {
  const { session, services } = context;
  if (!session) return Promise.resolve(false);
  let checked = checkedByRequest.get(context);
  if (!checked) {
    checked = isAdministrator(services.db, services.config, session.account_id);
    checkedByRequest.set(context, checked);
  }
  return checked;
}
