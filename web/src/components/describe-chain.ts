/** A Solana cluster as the server names it (`signInParameters.solanaClusters`). */
export type NamedCluster = { id: string; name: string };

/**
 * The chain a sign-in or session names, in words: the EVM chain's name from
 * its id, or "Solana mainnet" (devnet, testnet) from the CAIP-2 `chain`,
 * which the API gives beside a `chainId` that is null for Solana. Clusters
 * are named from the server's own list, so the account page carries no
 * message code of its own.
 */
export function describeChain(
  { chain, chainId }: { chain: string; chainId?: number | null },
  chainName: (chainId: number) => string,
  solanaClusters: readonly NamedCluster[],
): string {
  if (chainId !== null && chainId !== undefined) return chainName(chainId);
  const cluster = solanaClusters.find((candidate) => candidate.id === chain);
  return cluster ? `Solana ${cluster.name}` : chain.startsWith('solana:') ? 'Solana' : chain;
}
