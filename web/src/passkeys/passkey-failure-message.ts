import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { describeWait } from '../components/describe-wait';
import type { PasskeyFailure } from './passkey-failure';

/** What happened, in words, for each failure (docs/web-app.md, "Passkeys"). */
const WORDS = {
  cancelled: msg`The passkey prompt was closed before it finished, so nothing happened. Try again when you are ready.`,
  'not-recognised': msg`This passkey is not recognised here: it may have been removed from the account. Sign in with your wallet, or choose another passkey.`,
  'not-allowed-here': msg`Your browser does not allow passkeys for this site at this address. Open Sigil at its usual address and try again.`,
  unsupported: msg`This browser cannot use passkeys. Sign in with your wallet, or use a browser that supports passkeys.`,
  'already-on-device': msg`This device already holds a passkey for this account.`,
  'wallet-sign-in-required': msg`For your safety, only a recent wallet sign-in may change passkeys or wallets. Sign in with your wallet again, then try once more.`,
  refused: msg`The passkey's answer could not be verified, or it took too long. Please try again.`,
  suspended: msg`This account is suspended, so it cannot be signed in to.`,
  other: msg`Something went wrong with the passkey. Please try again.`,
} as const;

/** The failure in the page's language. */
export function passkeyFailureMessage(failure: PasskeyFailure, i18n: I18n): string {
  switch (failure.kind) {
    case 'limit-reached': {
      const { limit } = failure;
      return limit === null
        ? i18n._(
            msg`This account already holds as many passkeys as it may. Remove one you no longer use first.`,
          )
        : i18n._(
            msg`This account already holds as many passkeys as it may (${limit}). Remove one you no longer use first.`,
          );
    }
    case 'rate-limited':
      return `${i18n._(msg`Too many attempts from this connection.`)} ${
        failure.retryAfterSeconds === null ? '' : describeWait(failure.retryAfterSeconds)
      }`.trim();
    default:
      return i18n._(WORDS[failure.kind]);
  }
}
