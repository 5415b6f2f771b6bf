import type { ChangeSource } from '../changes/change-source.js';
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
  services: Pick<Services, 'changes' | 'clock' | 'config'>,
  p: RevokeAppParameters,
): Promise<boolean> {
  const { changes, clock, config } = services;
  const now = clock();
  const connection = await changes.commit(async ({ trx, record, publish }) => {
    const removed = await deleteConnection(trx, p);
    if (removed) {
      await revokeEverythingUnderGrant(trx, removed.grant_id);
      await record(
        { ...p.source, at: now },
        { action: 'app_revoked', accountId: p.accountId, clientId: p.clientId },
      );
      const name =
        config.oidcClients.find((c) => c.client_id === p.clientId)?.client_name ?? p.clientId;
      publish({
        type: 'APP_REVOKED',
        at: now,
        accountId: p.accountId,
        actor: 'SELF',
        sessionId: p.sessionId,
        app: connectedAppView(removed, name),
      });
    }
    return removed;
  });
  return connection !== undefined;
}
