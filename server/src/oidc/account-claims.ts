import type { AccountClaims } from 'oidc-provider';
import { findAccountById } from '../accounts/account-store.js';
import { findActiveSuspension } from '../accounts/suspension-store.js';
import { walletCaip10 } from '../accounts/wallet-caip10.js';
import { listWallets } from '../accounts/wallet-store.js';
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
 * What oidc-provider asks of an account: `sub` is the account id (stable
 * across every linked wallet, never an address); the provider filters the
 * rest by the granted scopes. Undefined for an account that no longer exists,
 * and for a suspended one (docs/administration.md): its tokens were revoked
 * with the suspension, and one issued in a race with it opens nothing.
 */
export async function findAccountClaims(
  services: Pick<Services, 'clock' | 'config' | 'db'>,
  accountId: string,
): Promise<AccountClaims | undefined> {
  const account = await findAccountById(services.db, accountId);
  if (!account) return undefined;
  if (await findActiveSuspension(services.db, account.id, services.clock())) return undefined;
  const wallets = await listWallets(services.db, account.id);
  const profile = await readProfileClaims(services, account.id);
  return {
    sub: account.id,
    // The primary wallet's address (EIP-55, or base58 for Solana): what the person is known by until a profile names them.
    preferred_username: wallets.find((w) => w.is_primary === 1)?.address ?? account.address,
    ...(profile.name !== undefined && { name: profile.name }),
    ...(profile.picture !== undefined && { picture: profile.picture }),
    // CAIP-10 ids of both families (accounts/wallet-caip10.ts).
    wallets: wallets.map(walletCaip10),
  };
}

/**
 * The claims a token of this scope carries: `roles` is read only for a token
 * that asks for it, since it may read the chains first (docs/access.md: a
 * check older than ROLES_TTL is done again at token issue).
 */
export async function claimsForScope(
  services: Pick<Services, 'access'>,
  claims: AccountClaims,
  scope: string,
): Promise<AccountClaims> {
  if (!scope.split(' ').includes('roles')) return claims;
  return { ...claims, roles: await services.access.roles(claims.sub) };
}
