import type { ChangeSource } from '../audit/change-source.js';
import { recordChange } from '../changes/record-change.js';
import type { Services } from '../services.js';
import { connectedAppView, deleteConnection } from './connected-app-store.js';
import { revokeEverythingUnderGrant } from './kysely-oidc-adapter.js';

export type RevokeAppParameters = {
  accountId: string;
  /** The session that revokes: the one APP_REVOKED names. */
  sessionId: string;
  clientId: string;
  /** Who revokes from where, for the audit log. */
  source: ChangeSource;
};

/**
 * Revokes an app's access: the connection, its grant and every code, access
 * token and refresh token issued under it, at once on every instance (they
 * all read the same rows). Answers false when the app had no access.
 */
export async function revokeAppAndNotify(
  services: Services,
  p: RevokeAppParameters,
): Promise<boolean> {
  const { db, clock, events, config } = services;
  const now = clock();
  const connection = await db.transaction().execute(async (trx) => {
    const removed = await deleteConnection(trx, p);
    if (removed) {
      await revokeEverythingUnderGrant(trx, removed.grant_id);
      await recordChange(
        trx,
        config,
        { ...p.source, at: now },
        { action: 'app_revoked', accountId: p.accountId, clientId: p.clientId },
      );
    }
    return removed;
  });
  if (!connection) return false;
  const name =
    config.oidcClients.find((c) => c.client_id === p.clientId)?.client_name ?? p.clientId;
  events.publish({
    type: 'APP_REVOKED',
    at: now,
    accountId: p.accountId,
    actor: 'SELF',
    sessionId: p.sessionId,
    app: connectedAppView(connection, name),
  });
  return true;
}
