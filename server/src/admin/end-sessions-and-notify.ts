import type { ChangeContext } from '../changes/change.js';
import type { Services } from '../services.js';
import { endLiveSessionsOfAccount } from '../sessions/end-account-sessions.js';
import { sessionLifetimes } from '../sessions/session-lifetimes.js';

/**
 * An administrator ends every live session of an account: recorded in the
 * same transaction, then each ending is told to every instance as a
 * revocation (its sockets close with 4401). Answers how many ended.
 */
export async function endSessionsAndNotify(
  services: Pick<Services, 'changes' | 'config'>,
  p: { accountId: string; change: ChangeContext },
): Promise<number> {
  const now = p.change.at;
  const ended = await services.changes.commit(async ({ trx, record, publish }) => {
    const ended = await endLiveSessionsOfAccount(trx, {
      accountId: p.accountId,
      now,
      lifetimes: sessionLifetimes(services.config),
    });
    await record(p.change, {
      action: 'sessions_ended',
      accountId: p.accountId,
      endedSessionIds: ended.map((session) => session.id),
    });
    for (const session of ended) {
      publish({
        type: 'SESSION_REVOKED',
        at: now,
        accountId: session.account_id,
        actor: 'ADMINISTRATOR',
        sessionId: session.id,
      });
    }
    return ended;
  });
  return ended.length;
}
