import type { AccessRule, Requirement } from '../config/access-rule.js';

/** A wallet of the account, as the identity rule sees it (docs/sign-in.md, step 6). */
export type AccountWallet = {
  /** A Solana key counts for allowlists only: token requirements read EVM chains. */
  namespace: 'eip155' | 'solana';
  /** EIP-55 checksummed (Ethereum), or base58 (Solana). */
  address: string;
  kind: 'EOA' | 'CONTRACT';
  /** Null for an EOA; a contract wallet's own chain. */
  chainId: number | null;
};

export type BalanceRequirement = Exclude<Requirement, { type: 'allowlist' }>;

/**
 * One balance to read on one chain, summed over the wallets that count
 * there: a token, or the chain's native currency. Two rules on the same token
 * share one read.
 */
export type BalanceRead = {
  key: string;
  chainId: number;
  requirement: BalanceRequirement;
  /** The wallets whose balances are summed: every EOA, and the contract wallets of this chain. */
  holders: `0x${string}`[];
};

/** The key a balance is stored and shared under: `erc20:8453:0x…`, `erc1155:137:0x…:7`, `native:1`. */
export function balanceKey(requirement: BalanceRequirement): string {
  switch (requirement.type) {
    case 'native':
      return `native:${requirement.chainId}`;
    case 'erc1155':
      return `erc1155:${requirement.chainId}:${requirement.contract}:${requirement.tokenId}`;
    default:
      // ERC-20 and ERC-721 share `balanceOf(address)`: one read serves both.
      return `token:${requirement.chainId}:${requirement.contract}`;
  }
}

/**
 * Whether a wallet counts on a chain: an EOA's key controls its address on
 * every chain; a contract wallet's address on another chain may be someone
 * else's, so it counts on its own chain only.
 */
export function countsOn(wallet: AccountWallet, chainId: number): boolean {
  if (wallet.namespace !== 'eip155') return false;
  return wallet.kind === 'EOA' || wallet.chainId === chainId;
}

/** Every balance the rules need for these wallets, grouped by chain; allowlists need none. */
export function planBalanceReads(
  rules: readonly AccessRule[],
  wallets: readonly AccountWallet[],
): Map<number, BalanceRead[]> {
  const byKey = new Map<string, BalanceRead>();
  for (const rule of rules) {
    for (const requirement of rule.requirements) {
      if (requirement.type === 'allowlist') continue;
      const key = balanceKey(requirement);
      if (byKey.has(key)) continue;
      const holders = wallets
        .filter((wallet) => countsOn(wallet, requirement.chainId))
        // countsOn admits Ethereum wallets only, whose addresses are hex.
        .map((wallet) => wallet.address as `0x${string}`);
      byKey.set(key, { key, chainId: requirement.chainId, requirement, holders });
    }
  }
  const byChain = new Map<number, BalanceRead[]>();
  for (const read of byKey.values()) {
    byChain.set(read.chainId, [...(byChain.get(read.chainId) ?? []), read]);
  }
  return byChain;
}
