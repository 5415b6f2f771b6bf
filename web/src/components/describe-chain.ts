import { solanaClusterOf } from '@sigil/siwe';

/**
 * The chain a sign-in or session names, in words: the EVM chain's name from
 * its id, or "Solana mainnet" (devnet, testnet) from the CAIP-2 `chain`,
 * which the API gives beside a `chainId` that is null for Solana.
 */
export function describeChain(
  { chain, chainId }: { chain: string; chainId?: number | null },
  chainName: (chainId: number) => string,
): string {
  if (chainId !== null && chainId !== undefined) return chainName(chainId);
  const cluster = solanaClusterOf(chain);
  return cluster ? `Solana ${cluster.name}` : chain;
}
