import type { Config } from '../config/load-config.js';
import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import type { GraphQLContext } from '../graphql/context.js';
import type { SessionRow } from '../sessions/session-store.js';
import type { Db } from '../store/database.js';

/** The role that opens the console and the admin API. */
export const ADMIN_ROLE = 'admin';

/**
 * Whether the account holds `admin` (docs/administration.md): one of its
 * wallets is in ADMIN_ADDRESSES (by the wallet's identity: an EOA's address,
 * a contract wallet's `eip155:<chainId>:<address>`), or an administrator
 * granted it. Never reads a chain: an admin check costs two indexed lookups.
 */
export async function isAdministrator(
  db: Db,
  config: Pick<Config, 'adminWallets'>,
  accountId: string,
): Promise<boolean> {
  if (config.adminWallets.length > 0) {
    const listed = await db
      .selectFrom('wallets')
      .select('id')
      .where('account_id', '=', accountId)
      .where('identity', 'in', config.adminWallets)
      .executeTakeFirst();
    if (listed) return true;
  }
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
  const { session, services } = context;
  if (!session) throw new UnauthenticatedError();
  if (!(await isAdministrator(services.db, services.config, session.account_id))) {
    throw new ForbiddenError();
  }
  return session;
}
