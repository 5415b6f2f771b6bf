/**
 * The clusters Sigil can enable, by name, with their CAIP-2 chain ids: the
 * `solana` namespace and the first 32 characters of the cluster's genesis
 * hash in base58.
 */
export const SOLANA_CLUSTERS = {
  mainnet: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
} as const;

export type SolanaClusterName = keyof typeof SOLANA_CLUSTERS;

export type SolanaCluster = { name: SolanaClusterName; id: string };

const WALLET_STANDARD_PREFIX = 'solana:';

function clusterNamed(name: string): SolanaCluster | undefined {
  if (!Object.hasOwn(SOLANA_CLUSTERS, name)) return undefined;
  const known = name as SolanaClusterName;
  return { name: known, id: SOLANA_CLUSTERS[known] };
}

/**
 * The cluster a message's Chain ID names, in any of the spellings wallets
 * write: its name (`mainnet`, as Phantom's sign-in input has it), the Wallet
 * Standard's chain (`solana:mainnet`) or the CAIP-2 id
 * (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). Undefined for any other
 * cluster (`localnet`, an unknown genesis hash) and for non-Solana ids.
 */
export function solanaClusterOf(chainId: string): SolanaCluster | undefined {
  if (typeof chainId !== 'string') return undefined;
  const named = clusterNamed(chainId);
  if (named !== undefined) return named;
  if (!chainId.startsWith(WALLET_STANDARD_PREFIX)) return undefined;
  const byWalletStandardName = clusterNamed(chainId.slice(WALLET_STANDARD_PREFIX.length));
  if (byWalletStandardName !== undefined) return byWalletStandardName;
  for (const [name, id] of Object.entries(SOLANA_CLUSTERS)) {
    if (id === chainId) return { name: name as SolanaClusterName, id };
  }
  return undefined;
}
