import { solanaCaip10 } from '@sigil/siwe';
import type { ChainNamespace, WalletIdentityKind } from './account-tables.js';

/**
 * A wallet as a CAIP-10 account id (docs/wallets.md, "Identity").
 *
 * - A contract wallet is its proving chain and address: the same address
 *   elsewhere may be someone else's.
 * - An EOA's key controls its address on every chain, and CAIP-10 has no
 *   "any chain": it is written on Ethereum mainnet, `eip155:1:<address>`, as
 *   did:pkh and other SIWE providers do, to be read as every EVM chain.
 * - A Solana key is one identity on every cluster, written on mainnet's
 *   genesis reference, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:<address>`.
 */
export function walletCaip10(wallet: {
  namespace: ChainNamespace;
  kind: WalletIdentityKind;
  chain_id: number | null;
  address: string;
}): string {
  if (wallet.namespace === 'solana') return solanaCaip10(wallet.address);
  const chainId = wallet.kind === 'EOA' ? 1 : (wallet.chain_id ?? 1);
  return `eip155:${chainId}:${wallet.address}`;
}
