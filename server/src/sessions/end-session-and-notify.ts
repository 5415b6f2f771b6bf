import type { ChangeSource } from '../changes/change-source.js';
import type { Services } from '../services.js';
import { endSession, type SessionRow } from './session-store.js';

type EndSessionTarget =
  | { session: SessionRow }
  | { sessionId: string /** Only this account's session may be ended. */; accountId: string };

/**
 * Ends a session server-side and tells every instance: the account's
 * subscribers see the event, and the socket registry closes the session's
 * sockets (see `graphql/session-sockets.ts`). The ending is recorded
 * (`sign_out` or `session_revoked`) in its transaction.
 */
export async function endSessionAndNotify(
  services: Pick<Services, 'changes' | 'clock'>,
  target: EndSessionTarget & { reason: 'SIGNED_OUT' | 'REVOKED'; source: ChangeSource },
): Promise<SessionRow | undefined> {
  const now = services.clock();
  return services.changes.commit(async ({ trx, record, publish }) => {
    const row =
      'session' in target
        ? await endSession(trx, { id: target.session.id, reason: target.reason, now })
        : await endSession(trx, {
            id: target.sessionId,
            accountId: target.accountId,
            reason: target.reason,
            now,
          });
    if (row) {
      await record(
        { ...target.source, at: now },
        {
          action: target.reason === 'REVOKED' ? 'session_revoked' : 'sign_out',
          accountId: row.account_id,
          sessionId: row.id,
        },
      );
      publish({
        type: target.reason === 'REVOKED' ? 'SESSION_REVOKED' : 'SIGNED_OUT',
        at: now,
        accountId: row.account_id,
        // signOut and revokeSession: only the account's own sessions end here.
        actor: 'SELF',
        sessionId: row.id,
      });
    }
    return row;
  });
}
