import type { ChangeSource } from '../changes/change-source.js';
import type { Services } from '../services.js';
import { endSessionsOfWallet } from '../sessions/session-store.js';
import { walletCaip10 } from './wallet-caip10.js';
import { findAccountWallet, removeWallet, walletView } from './wallet-store.js';

export type UnlinkWalletParameters = {
  accountId: string;
  /** The session that unlinks: the one WALLET_UNLINKED names. */
  sessionId: string;
  address: string;
  chainId?: number | null | undefined;
  /** Who unlinks from where, for the audit log. */
  source: ChangeSource;
};

/**
 * Unlinks a wallet of an account and ends every session that wallet started;
 * each ending is published like a revocation, so its sockets close on every
 * instance. Answers undefined when the account has no such wallet.
 */
export async function unlinkWalletAndNotify(
  services: Pick<Services, 'access' | 'changes' | 'clock' | 'store'>,
  p: UnlinkWalletParameters,
): Promise<{ endedSessionIds: string[] } | undefined> {
  const { store, changes, clock } = services;
  const now = clock();
  const outcome = await changes.commit(async ({ trx, record, publish }) => {
    const wallet = await findAccountWallet(trx, p);
    if (!wallet) return undefined;
    // Sessions first: removing the wallet clears their link to it.
    const ended = await endSessionsOfWallet(trx, { walletId: wallet.id, now });
    await removeWallet(trx, { wallet, dialect: store.dialect });
    await record(
      { ...p.source, at: now },
      {
        action: 'wallet_unlinked',
        accountId: p.accountId,
        address: wallet.address,
        namespace: wallet.namespace,
        kind: wallet.kind,
        chainId: wallet.chain_id,
        caip10: walletCaip10(wallet),
        endedSessionIds: ended.map((session) => session.id),
      },
    );
    for (const session of ended) {
      publish({
        type: 'SESSION_REVOKED',
        at: now,
        accountId: p.accountId,
        // The account's own unlink ended the sessions the wallet started.
        actor: 'SELF',
        sessionId: session.id,
      });
    }
    publish({
      type: 'WALLET_UNLINKED',
      at: now,
      accountId: p.accountId,
      actor: 'SELF',
      sessionId: p.sessionId,
      wallet: walletView(wallet),
    });
    return { wallet, ended };
  });
  if (!outcome) return undefined;
  // The wallet's holdings no longer count (docs/access.md), checked after the answer.
  services.access.checkInBackground(p.accountId, { sessionId: p.sessionId });
  return { endedSessionIds: outcome.ended.map((session) => session.id) };
}
