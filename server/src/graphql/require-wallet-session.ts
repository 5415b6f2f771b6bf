import { WalletSignInRequiredError } from '../errors.js';
import type { SessionRow } from '../sessions/session-store.js';
import type { GraphQLContext } from './context.js';
import { requireSession } from './require-session.js';

/**
 * How recently a wallet must have signed the session in to add a passkey
 * (docs/passkeys.md): a session left open on a shared computer cannot add
 * one without the wallet at hand again.
 */
export const RECENT_WALLET_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * The session, when a wallet opened it: the wallet stays the account's root,
 * so what only a wallet may change (linking, unlinking, the primary wallet,
 * adding or removing a passkey) answers WALLET_SIGN_IN_REQUIRED to a
 * passkey's session. `recent` also asks that the wallet signed it in within
 * RECENT_WALLET_SIGN_IN_MS: a session starts at its sign-in.
 */
export function requireWalletSession(
  context: GraphQLContext,
  p: { recent?: boolean } = {},
): SessionRow {
  const session = requireSession(context);
  if (session.method !== 'wallet') {
    throw new WalletSignInRequiredError('Only a session a wallet signed in may do this.');
  }
  if (p.recent && context.services.clock() - session.created_at > RECENT_WALLET_SIGN_IN_MS) {
    throw new WalletSignInRequiredError(
      'Adding a passkey needs a wallet sign-in within the last 10 minutes: sign in with your wallet again.',
    );
  }
  return session;
}
