import type { Services } from '../services.js';
import { findAccountWallet, setWalletPublic, type WalletRow } from './wallet-store.js';

export type SetWalletVisibilityParameters = {
  accountId: string;
  address: string;
  chainId?: number | null | undefined;
  public: boolean;
};

/**
 * Publishes a wallet of an account on its public profile, or hides it
 * (docs/profiles.md), through the one path of a change
 * (docs/architecture.md): the wallet is found and updated in one
 * transaction, so an unlink cannot come between. It records nothing and
 * publishes nothing: the audit log has no action for it
 * (docs/administration.md), webhooks no message, and `accountEvents` no
 * type. Answers undefined when the account has no such wallet.
 */
export async function setWalletVisibility(
  services: Pick<Services, 'changes'>,
  p: SetWalletVisibilityParameters,
): Promise<WalletRow | undefined> {
  return services.changes.commit(async ({ trx }) => {
    const wallet = await findAccountWallet(trx, p);
    if (!wallet) return undefined;
    return setWalletPublic(trx, { wallet, public: p.public });
  });
}
