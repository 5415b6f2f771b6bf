import type { LinkFailure } from '../../auth/link-failure';

/** The sign-in step messages (docs/sign-in.md) where they fit; plain words for each refusal of a link. */
export const linkFailureMessage: Record<Exclude<LinkFailure['kind'], 'rate-limited'>, string> = {
  preparing: 'Error preparing message, please retry!',
  signing: 'Error signing message, please retry!',
  verifying: 'Error verifying signature, please retry!',
  rejected: 'You declined the signature in your wallet, so nothing was linked.',
  'already-linked-elsewhere':
    'This wallet already belongs to another Sigil account, so it cannot be linked to this one. Sign in with it and unlink it there first, or choose another wallet.',
  'limit-reached':
    'This account already holds as many wallets as it may, so this one was not linked. Unlink one you no longer use first.',
  'invalid-signature':
    'The signature does not prove that you own this wallet, so it was not linked.',
};

export const LINK_RATE_LIMIT_MESSAGE = 'Too many attempts from this connection.';
