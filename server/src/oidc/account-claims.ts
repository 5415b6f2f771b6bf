import type { AccountClaims } from 'oidc-provider';
import { findAccountById } from '../accounts/account-store.js';
import { listWallets, type WalletRow } from '../accounts/wallet-store.js';
import { findActiveSuspension } from '../admin/suspension-store.js';
import type { Services } from '../services.js';
import { readProfileClaims } from './profile-claims.js';

/** The scopes Sigil offers and the claims each one releases (docs/oidc.md, "Flows, scopes and claims"). */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'picture', 'preferred_username'],
  wallets: ['wallets'],
  roles: ['roles'],
} as const;

/**
 * A wallet as a CAIP-10 account id. A contract wallet is its proving chain and
 * address: the same address elsewhere may be someone else's. An EOA's key
 * controls its address on every chain, and CAIP-10 has no "any chain": it is
 * written on Ethereum mainnet, `eip155:1:<address>`, as did:pkh and other SIWE
 * providers do, and relying parties should read it as valid on every EVM chain.
 */
export function caip10(wallet: Pick<WalletRow, 'kind' | 'chain_id' | 'address'>): string {
  const chainId = wallet.kind === 'EOA' ? 1 : (wallet.chain_id ?? 1);
  return `eip155:${chainId}:${wallet.address}`;
}

/**
 * What oidc-provider asks of an account: `sub` is the account id (stable
 * across every linked wallet, never an address); the provider filters the
 * rest by the granted scopes. Undefined for an account that no longer exists,
 * and for a suspended one (docs/administration.md): its tokens were revoked
 * with the suspension, and one issued in a race with it opens nothing.
 */
export async function findAccountClaims(
  services: Services,
  accountId: string,
): Promise<AccountClaims | undefined> {
  const account = await findAccountById(services.db, accountId);
  if (!account) return undefined;
  if (await findActiveSuspension(services.db, account.id, services.clock())) return undefined;
  const wallets = await listWallets(services.db, account.id);
  const profile = await readProfileClaims(services, account.id);
  return {
    sub: account.id,
    // The primary wallet's address (EIP-55): what the person is known by until a profile names them.
    preferred_username: wallets.find((w) => w.is_primary === 1)?.address ?? account.address,
    ...(profile.name !== undefined && { name: profile.name }),
    ...(profile.picture !== undefined && { picture: profile.picture }),
    wallets: wallets.map(caip10),
  };
}

/**
 * The claims a token of this scope carries: `roles` is read only for a token
 * that asks for it, since it may read the chains first (docs/access.md: a
 * check older than ROLES_TTL is done again at token issue).
 */
export async function claimsForScope(
  services: Services,
  claims: AccountClaims,
  scope: string,
): Promise<AccountClaims> {
  if (!scope.split(' ').includes('roles')) return claims;
  return { ...claims, roles: await services.access.roles(claims.sub) };
}
