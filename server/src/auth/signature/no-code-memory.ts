import { LRUCache } from 'lru-cache';
import type { Address } from 'viem';

/**
 * Addresses a chain said have no code, remembered for a while
 * (docs/sign-in.md, "Signature recovery"): such an address cannot accept an
 * EIP-1271 signature, so a signature its key did not make is refused without
 * asking the chain again. Without it, one address could make the server spend
 * the operator's RPC quota on every wrong signature sent for it.
 *
 * Bounded in entries (least recently used dropped) and in age: an address
 * can gain code (a counterfactual wallet deployed), and then its plain
 * EIP-1271 signatures must be checked again within `ttlMs`. Its EIP-6492
 * signatures never consult this memory.
 */
export type NoCodeMemory = {
  has(chainId: number, address: Address): boolean;
  remember(chainId: number, address: Address): void;
};

export type CreateNoCodeMemoryParameters = {
  /** @default 10000 */
  max?: number;
  /** @default 600000 (ten minutes) */
  ttlMs?: number;
};

const keyOf = (chainId: number, address: Address) => `${chainId}:${address.toLowerCase()}`;

export function createNoCodeMemory({
  max = 10_000,
  ttlMs = 600_000,
}: CreateNoCodeMemoryParameters = {}): NoCodeMemory {
  const addresses = new LRUCache<string, true>({ max, ttl: ttlMs });
  return {
    has: (chainId, address) => addresses.has(keyOf(chainId, address)),
    remember: (chainId, address) => {
      addresses.set(keyOf(chainId, address), true);
    },
  };
}
