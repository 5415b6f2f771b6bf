import type { ChainNamespace } from './account-tables.js';

/**
 * The CAIP-2 chain of a stored sign-in, session or proof. An EVM row keeps
 * only its integer chain id (`eip155:<chain_id>`); a row without one (a
 * Solana sign-in) keeps its CAIP-2 chain in `chain` (migration 0010: nothing
 * was backfilled, and the Ethereum sign-in writes no column more).
 */
export function rowChain(row: { chain_id: number | null; chain: string | null }): string {
  return row.chain ?? `eip155:${row.chain_id}`;
}

/** The namespace of a CAIP-2 chain id: `solana:…` or, for every other row Sigil writes, `eip155:…`. */
export function namespaceOfChain(chain: string): ChainNamespace {
  return chain.startsWith('solana:') ? 'solana' : 'eip155';
}
