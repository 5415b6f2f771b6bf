import type { Address } from 'viem';
import { useChains, useEnsAvatar, useEnsName } from 'wagmi';

export type EnsIdentity = { name: string | null; avatar: string | null };

const MAINNET_ID = 1;
const quietQuery = { retry: false, staleTime: 60 * 60 * 1_000 } as const;

/**
 * The account's primary ENS name and avatar, from mainnet only and only when the
 * deployment enables mainnet (its configured RPC). Anything failing means no name: quiet.
 */
export function useEnsIdentity(
  address: Address,
  { enabled = true }: { enabled?: boolean } = {},
): EnsIdentity {
  const chains = useChains();
  const hasMainnet = enabled && chains.some((chain) => chain.id === MAINNET_ID);
  const name = useEnsName({
    address,
    chainId: MAINNET_ID,
    query: { ...quietQuery, enabled: hasMainnet },
  });
  const ensName = name.data ?? null;
  const avatar = useEnsAvatar({
    name: ensName ?? undefined,
    chainId: MAINNET_ID,
    query: { ...quietQuery, enabled: hasMainnet && ensName !== null },
  });
  return { name: ensName, avatar: avatar.data ?? null };
}
