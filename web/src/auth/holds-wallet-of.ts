import { type Address, isAddress, isAddressEqual } from 'viem';
import type { AccountIdentityFragment } from '../graphql/generated/graphql';

/**
 * Whether `address` is one of the account's wallets, so a wallet showing it
 * may keep the account's session. Addresses only, not chains: a chain switch
 * never ended a session (the server checked the wallet when it signed), and
 * a contract wallet linked on one chain is the same person's wallet software
 * on another. Which account a *new* signature opens is the server's rule.
 * The account's Solana keys (base58) are never an Ethereum wallet's address.
 */
export function holdsWalletOf(account: AccountIdentityFragment, address: Address): boolean {
  const same = (held: string) =>
    isAddress(held, { strict: false }) && isAddressEqual(held, address);
  return same(account.address) || account.wallets.some((wallet) => same(wallet.address));
}
