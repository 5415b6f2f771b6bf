import { useMemo } from 'react';
import { type Address, erc20Abi, isAddress } from 'viem';
import { useChains, useReadContracts } from 'wagmi';
import type { RequirementResult } from './access-report';
import type { TokenFacts } from './describe-requirement';

type Token = { chainId: number; address: Address };

const tokenKey = (chainId: number, address: string) => `${chainId}:${address.toLowerCase()}`;

/**
 * The decimals and symbol of every ERC-20 contract among `requirements`, read on the
 * requirement's own chain through the app's configured transport (docs/web-app.md): one
 * batch for all of them, kept for the page's life. A chain the app does not enable is
 * never asked; a contract that does not answer gets nulls, and its amounts stay in base units.
 */
export type TokenFactsState = {
  /** The contract's facts for an ERC-20 requirement; null for other types or unread ones. */
  factsOf(requirement: RequirementResult): TokenFacts | null;
  /** The contracts are being read: amounts would show in base units for a moment. */
  reading: boolean;
};

export function useTokenFacts(requirements: readonly RequirementResult[]): TokenFactsState {
  const chains = useChains();
  const tokens = useMemo(() => {
    const enabled = new Set(chains.map((chain) => chain.id));
    const found = new Map<string, Token>();
    for (const { type, chainId, contract } of requirements) {
      if (type !== 'ERC20' || chainId == null || !contract || !isAddress(contract)) continue;
      if (!enabled.has(chainId)) continue;
      found.set(tokenKey(chainId, contract), { chainId, address: contract });
    }
    return [...found.values()];
  }, [requirements, chains]);

  const reads = useReadContracts({
    contracts: tokens.flatMap(({ chainId, address }) => [
      { chainId, address, abi: erc20Abi, functionName: 'decimals' } as const,
      { chainId, address, abi: erc20Abi, functionName: 'symbol' } as const,
    ]),
    allowFailure: true,
    // A token's decimals and symbol do not change: once per page is enough.
    query: { enabled: tokens.length > 0, staleTime: Number.POSITIVE_INFINITY, retry: 1 },
  });

  const facts = useMemo(() => {
    const byKey = new Map<string, TokenFacts>();
    tokens.forEach(({ chainId, address }, index) => {
      const decimals = reads.data?.[index * 2];
      const symbol = reads.data?.[index * 2 + 1];
      byKey.set(tokenKey(chainId, address), {
        decimals:
          decimals?.status === 'success' && typeof decimals.result === 'number'
            ? decimals.result
            : null,
        symbol:
          symbol?.status === 'success' && typeof symbol.result === 'string' && symbol.result !== ''
            ? symbol.result
            : null,
      });
    });
    return byKey;
  }, [tokens, reads.data]);

  return {
    factsOf: (requirement) =>
      requirement.type === 'ERC20' && requirement.chainId != null && requirement.contract
        ? (facts.get(tokenKey(requirement.chainId, requirement.contract)) ?? null)
        : null,
    reading: tokens.length > 0 && reads.isPending,
  };
}
