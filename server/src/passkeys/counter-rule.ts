import { InvalidPasskeyResponseError } from '../errors.js';

/**
 * The signature counter rule (docs/passkeys.md): when the stored counter and
 * the new one are both non-zero, the new one must be greater, or the
 * credential may have been cloned and the sign-in is refused. An
 * authenticator that keeps no counter (synced passkeys report 0) passes.
 * Answers the counter to store: never lowered.
 */
export function nextPasskeyCounter(stored: number, reported: number): number {
  if (stored > 0 && reported > 0 && reported <= stored) {
    throw new InvalidPasskeyResponseError(
      "The passkey's signature counter did not grow: it may have been copied.",
    );
  }
  return Math.max(stored, reported);
}
