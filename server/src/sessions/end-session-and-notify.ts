import type { Services } from '../services.js';
import { endSession, type SessionRow } from './session-store.js';

type EndSessionTarget =
  | { session: SessionRow }
  | { sessionId: string /** Only this account's session may be ended. */; accountId: string };

/**
 * Ends a session server-side and tells every instance: the account's
 * subscribers see the event, and the socket registry closes the session's
 * sockets (see `http/session-sockets.ts`).
 */
export async function endSessionAndNotify(
  services: Services,
  target: EndSessionTarget & { reason: 'SIGNED_OUT' | 'REVOKED' },
): Promise<SessionRow | undefined> {
  const now = services.clock();
  const ended =
    'session' in target
      ? await endSession(services.db, { id: target.session.id, reason: target.reason, now })
      : await endSession(services.db, {
          id: target.sessionId,
          accountId: target.accountId,
          reason: target.reason,
          now,
        });
  if (ended) {
    services.events.publish({
      type: target.reason === 'REVOKED' ? 'SESSION_REVOKED' : 'SIGNED_OUT',
      at: now,
      accountId: ended.account_id,
      sessionId: ended.id,
    });
  }
  return ended;
}
