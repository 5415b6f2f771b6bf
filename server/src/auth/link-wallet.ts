import { findActiveSuspension, lockAccount } from '../accounts/suspension-store.js';
import { walletCaip10 } from '../accounts/wallet-caip10.js';
import { linkWalletToAccount, type WalletView, walletView } from '../accounts/wallet-store.js';
import type { ChangeSource } from '../changes/change-source.js';
import { AccountSuspendedError } from '../errors.js';
import type { Services } from '../services.js';
import { identityOfSigner } from './identity-of-signer.js';
import { verifySignedMessage } from './verify-signed-message.js';

/** What linkWallet reads of the services, with what verifySignedMessage does. */
export type LinkWalletServices = Pick<
  Services,
  | 'access'
  | 'chainCheckLimiter'
  | 'changes'
  | 'clock'
  | 'config'
  | 'db'
  | 'metrics'
  | 'store'
  | 'verifier'
>;

/**
 * The statement a link message must carry. It names the account, so a link
 * message signed for one account cannot be replayed to link the wallet to
 * another; its single-use nonce keeps it from being replayed at all.
 */
export function linkStatement(accountId: string): string {
  return `Link this wallet to Sigil account ${accountId}.`;
}

export type LinkWalletParameters = {
  accountId: string;
  /** The session that links: the one WALLET_LINKED names. */
  sessionId: string;
  message: string;
  signature: string;
  origin: string | null;
  /** The client's rate-limit key: its contract-wallet checks are counted (docs/sign-in.md). */
  clientAddress: string;
  /** Who links from where, for the audit log. */
  source: ChangeSource;
};

/**
 * Links the wallet a signed message proves to a signed-in account: the whole
 * sign-in policy (docs/sign-in.md, steps 1 to 5) plus the account's link statement,
 * then the wallet's identity (step 6's rule: a contract wallet only on the
 * chain it proved itself on) is added to the account.
 */
export async function linkWallet(
  services: LinkWalletServices,
  p: LinkWalletParameters,
): Promise<WalletView> {
  const { signer, walletKind, now } = await verifySignedMessage(services, {
    message: p.message,
    signature: p.signature,
    origin: p.origin,
    clientAddress: p.clientAddress,
    statement: linkStatement(p.accountId),
  });
  const identity = identityOfSigner(signer, walletKind);
  const { wallet, linked } = await services.changes.commit(async ({ trx, record, publish }) => {
    // After the signature, never before it (docs/administration.md). The
    // account's lock orders this link and a suspension one after the other,
    // as it does a sign-in (sign-in.ts): the suspension ends the session
    // that links, or this check sees it; thrown here, nothing is linked.
    await lockAccount(trx, p.accountId);
    const suspension = await findActiveSuspension(trx, p.accountId, now);
    if (suspension) throw new AccountSuspendedError(suspension);
    const outcome = await linkWalletToAccount(trx, {
      accountId: p.accountId,
      identity,
      proof: {
        message: p.message,
        signature: p.signature,
        chainId: signer.chainId,
        chain: signer.chain,
        at: now,
      },
      now,
      maxWallets: services.config.maxWalletsPerAccount,
      dialect: services.store.dialect,
    });
    if (outcome.linked) {
      await record(
        { ...p.source, at: now },
        {
          action: 'wallet_linked',
          accountId: p.accountId,
          address: outcome.wallet.address,
          namespace: outcome.wallet.namespace,
          kind: outcome.wallet.kind,
          chainId: outcome.wallet.chain_id,
          caip10: walletCaip10(outcome.wallet),
        },
      );
      publish({
        type: 'WALLET_LINKED',
        at: now,
        accountId: p.accountId,
        actor: 'SELF',
        sessionId: p.sessionId,
        wallet: walletView(outcome.wallet),
      });
    }
    return outcome;
  });
  const view = walletView(wallet);
  if (linked) {
    // The new wallet's holdings count from now on (docs/access.md), checked after the answer.
    services.access.checkInBackground(p.accountId, { sessionId: p.sessionId });
  }
  return view;
}
