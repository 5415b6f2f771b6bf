import { msg } from '@lingui/core/macro';
import type { LinkFailure } from '../../auth/link-failure';
import { SIGN_IN_STEP_MESSAGES } from '../../auth/sign-in-step-messages';
import { translatedRecord } from '../../i18n/translated-record';

/**
 * The sign-in step messages (docs/sign-in.md, exact in English) where they fit; plain words for
 * each refusal of a link. Read in the page's language when shown.
 */
export const linkFailureMessage = translatedRecord<Exclude<LinkFailure['kind'], 'rate-limited'>>({
  ...SIGN_IN_STEP_MESSAGES,
  rejected: msg`You declined the signature in your wallet, so nothing was linked.`,
  'already-linked-elsewhere': msg`This wallet already belongs to another Sigil account, so it cannot be linked to this one. Sign in with it and unlink it there first, or choose another wallet.`,
  'limit-reached': msg`This account already holds as many wallets as it may, so this one was not linked. Unlink one you no longer use first.`,
  'invalid-signature': msg`The signature does not prove that you own this wallet, so it was not linked.`,
  // The passkeys' words (passkeys/passkey-failure-message.ts), one message in the catalogues.
  'wallet-sign-in-required': msg`For your safety, only a recent wallet sign-in may change passkeys or wallets. Sign in with your wallet again, then try once more.`,
});

export const LINK_RATE_LIMIT_MESSAGE = msg`Too many attempts from this connection.`;
