import { revokeEverythingUnderGrant } from '../oidc/kysely-oidc-adapter.js';
import type { Db } from '../store/database.js';

/**
 * Revokes every app an account let sign in with it: each connection, its
 * grant and every code, access token and refresh token issued under it, as
 * `revokeApp` does for one app (oidc/revoke-app-and-notify.ts). The provider
 * reads the same rows on every instance, so the tokens stop working
 * everywhere at once. Answers the client ids revoked.
 */
export async function revokeAccountApps(db: Db, accountId: string): Promise<string[]> {
  const removed = await db
    .deleteFrom('oidc_connections')
    .where('account_id', '=', accountId)
    .returning(['client_id', 'grant_id'])
    .execute();
  for (const connection of removed) await revokeEverythingUnderGrant(db, connection.grant_id);
  return removed.map((connection) => connection.client_id);
}
