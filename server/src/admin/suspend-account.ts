import {
  deleteSuspension,
  findActiveSuspension,
  lockAccount,
  type SuspensionRow,
  saveSuspension,
} from '../accounts/suspension-store.js';
import type { ChangeContext } from '../changes/change.js';
import type { Services } from '../services.js';
import { endLiveSessionsOfAccount } from '../sessions/end-account-sessions.js';
import { sessionLifetimes } from '../sessions/session-lifetimes.js';
import { revokeAccountApps } from './revoke-account-apps.js';

export type SuspendAccountParameters = {
  accountId: string;
  reason: string;
  until: number | null;
  /** Who suspends, from where, and when (`at`). */
  change: ChangeContext;
};

/**
 * Suspends an account (docs/administration.md): in one transaction the
 * suspension is written, every live session of the account ends, every app
 * grant and token it gave is revoked, and the change is recorded (audit
 * event, webhook messages). Then ACCOUNT_SUSPENDED goes to the account's
 * subscribers on every instance, whose sockets close with 4403 once it has
 * reached them. Suspending a suspended account changes its reason and end;
 * it stays suspended since the first time.
 */
export async function suspendAccountAndNotify(
  services: Pick<Services, 'changes' | 'config'>,
  p: SuspendAccountParameters,
): Promise<SuspensionRow> {
  const now = p.change.at;
  return services.changes.commit(async ({ trx, record, publish }) => {
    await lockAccount(trx, p.accountId);
    const current = await findActiveSuspension(trx, p.accountId, now);
    const suspension: SuspensionRow = {
      account_id: p.accountId,
      reason: p.reason,
      at: current?.at ?? now,
      until: p.until,
      by: p.change.actorId,
    };
    await saveSuspension(trx, suspension);
    const ended = await endLiveSessionsOfAccount(trx, {
      accountId: p.accountId,
      now,
      lifetimes: sessionLifetimes(services.config),
    });
    await revokeAccountApps(trx, p.accountId);
    const endedSessionIds = ended.map((session) => session.id);
    await record(p.change, {
      action: 'account_suspended',
      accountId: p.accountId,
      reason: p.reason,
      until: p.until,
      endedSessionIds,
    });
    publish({
      type: 'ACCOUNT_SUSPENDED',
      at: now,
      accountId: p.accountId,
      actor: 'ADMINISTRATOR',
      endedSessionIds,
    });
    return suspension;
  });
}

/** Lifts a suspension; answers whether one was in force (only then is the change recorded). */
export async function unsuspendAccount(
  services: Pick<Services, 'changes'>,
  p: { accountId: string; change: ChangeContext },
): Promise<boolean> {
  return services.changes.commit(async ({ trx, record }) => {
    const lifted = await deleteSuspension(trx, p.accountId, p.change.at);
    if (lifted) {
      await record(p.change, {
        action: 'account_unsuspended',
        accountId: p.accountId,
      });
    }
    return lifted;
  });
}
