import { type Address, isAddress } from 'viem';

/**
 * Whether a wallet address from the API is an Ethereum one (hex, any case),
 * rather than a Solana key (base58): only those have ENS names, balances and
 * tips.
 */
export function isEvmAddress(address: string): address is Address {
  return isAddress(address, { strict: false });
}
