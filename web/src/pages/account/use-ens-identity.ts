import { useChains, useEnsAvatar, useEnsName } from 'wagmi';
import { isEvmAddress } from '../../components/is-evm-address';

export type EnsIdentity = { name: string | null; avatar: string | null };

const MAINNET_ID = 1;
const quietQuery = { retry: false, staleTime: 60 * 60 * 1_000 } as const;

/**
 * The account's primary ENS name and avatar, from mainnet only and only when the
 * deployment enables mainnet (its configured RPC). Anything failing means no name: quiet.
 * A Solana key has none: ENS names Ethereum addresses only.
 */
export function useEnsIdentity(
  address: string,
  { enabled = true }: { enabled?: boolean } = {},
): EnsIdentity {
  const chains = useChains();
  const evm = isEvmAddress(address);
  const hasMainnet = enabled && evm && chains.some((chain) => chain.id === MAINNET_ID);
  const name = useEnsName({
    address: evm ? address : undefined,
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
