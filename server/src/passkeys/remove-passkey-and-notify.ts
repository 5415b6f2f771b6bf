import type { ChangeContext } from '../changes/change.js';
import type { Services } from '../services.js';
import { endSessionsOfPasskey } from '../sessions/session-store.js';
import { findAccountPasskey, markPasskeyRemoved } from './passkey-store.js';
import { passkeyView } from './passkey-view.js';

/**
 * Removes a passkey of an account (docs/passkeys.md) and, in the same
 * transaction, ends every session it opened; each ending is published as a
 * revocation, so its sockets close on every instance, as an unlinked
 * wallet's do. Recorded as `passkey_removed` (webhooks: `passkey.removed`,
 * then `session.ended` for each). Answers the ended sessions' ids, or
 * undefined when the account has no such passkey.
 */
export async function removePasskeyAndNotify(
  services: Pick<Services, 'changes'>,
  p: {
    accountId: string;
    passkeyId: string;
    /** The account's own session that removes it; unset for an administrator. */
    sessionId?: string;
    /** Who removes it, as live events name them (events/account-events.ts). */
    actor: 'SELF' | 'ADMINISTRATOR';
    change: ChangeContext;
  },
): Promise<{ endedSessionIds: string[] } | undefined> {
  const now = p.change.at;
  return services.changes.commit(async ({ trx, record, publish }) => {
    const passkey = await findAccountPasskey(trx, { accountId: p.accountId, id: p.passkeyId });
    if (!passkey || !(await markPasskeyRemoved(trx, { id: passkey.id, now }))) return undefined;
    const ended = await endSessionsOfPasskey(trx, { passkeyId: passkey.id, now });
    const endedSessionIds = ended.map((session) => session.id);
    await record(p.change, {
      action: 'passkey_removed',
      accountId: p.accountId,
      passkeyId: passkey.id,
      endedSessionIds,
    });
    for (const session of ended) {
      publish({
        type: 'SESSION_REVOKED',
        at: now,
        accountId: p.accountId,
        actor: p.actor,
        sessionId: session.id,
      });
    }
    publish({
      type: 'PASSKEY_REMOVED',
      at: now,
      accountId: p.accountId,
      actor: p.actor,
      ...(p.sessionId !== undefined && { sessionId: p.sessionId }),
      passkey: passkeyView({ ...passkey, removed_at: now }),
    });
    return { endedSessionIds };
  });
}
