import { solanaWalletIdentity } from './wallet-identity.js';

/**
 * The wallet identities (accounts/wallet-identity.ts, the `identity` column)
 * that a list of wallet entries names: ADMIN_ADDRESSES and an allowlist of
 * ACCESS_RULES read their entries through this one function, so the same
 * entry means the same wallets in both (docs/access.md, docs/administration.md).
 *
 * - A bare address names the EOA with that address: a contract wallet is
 *   never named without its chain.
 * - `eip155:<chainId>:<address>` names the contract wallet with that address
 *   on that chain, and the EOA with that address: an EOA's key holds its
 *   address on every chain, so naming it on one chain names it.
 * - A Solana key arrives as its identity already (`solana:5eykt…:<base58>`):
 *   it names that key, on every cluster, and never an Ethereum wallet.
 *
 * Entries arrive normalized (config/access-rule.ts's `allowlistEntry`), as
 * identities are stored.
 */
export function listedWalletIdentities(entries: readonly string[]): ReadonlySet<string> {
  let identities = computed.get(entries);
  if (!identities) {
    identities = new Set(entries.flatMap(identitiesOfEntry));
    computed.set(entries, identities);
  }
  return identities;
}

/** Config arrays live as long as the process: each list is read once, not per check. */
const computed = new WeakMap<readonly string[], ReadonlySet<string>>();

function identitiesOfEntry(entry: string): string[] {
  const caip10 = /^eip155:\d+:(0x[0-9a-fA-F]{40})$/.exec(entry);
  return caip10?.[1] ? [entry, caip10[1]] : [entry];
}

/** The identity a wallet row is stored under: what `listedWalletIdentities` holds for it. */
export function identityOfWallet(wallet: {
  namespace: 'eip155' | 'solana';
  kind: 'EOA' | 'CONTRACT';
  address: string;
  chainId: number | null;
}): string {
  if (wallet.namespace === 'solana') return solanaWalletIdentity(wallet.address).key;
  return wallet.kind === 'CONTRACT' ? `eip155:${wallet.chainId}:${wallet.address}` : wallet.address;
}
