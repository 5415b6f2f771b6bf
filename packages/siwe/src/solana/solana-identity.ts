import { SOLANA_CLUSTERS } from './solana-clusters.js';

/**
 * A Solana key is one identity on every cluster, as an Ethereum EOA is on
 * every chain: its CAIP-10 id always names mainnet, to be read as "this key
 * on any cluster" (docs/decisions/own-siws-parser.md).
 */
export const SOLANA_IDENTITY_CHAIN = SOLANA_CLUSTERS.mainnet;

/** The CAIP-10 identity of a Solana address (checked by isSolanaAddress first). */
export function solanaCaip10(address: string): string {
  return `${SOLANA_IDENTITY_CHAIN}:${address}`;
}
