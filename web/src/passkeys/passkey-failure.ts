import { ApolloError } from '@apollo/client';
import { ErrorCode } from '../graphql/generated/schema-enums';
import { readRefusal } from '../graphql/read-refusal';

/** Why adding or using a passkey failed: each has its own words (passkey-failure-message.ts). */
export type PasskeyFailure =
  /** The person closed the browser's prompt, or it timed out (NotAllowedError). */
  | { kind: 'cancelled' }
  /** The server knows no such passkey (PASSKEY_NOT_RECOGNIZED), or, on adding, holds it already. */
  | { kind: 'not-recognised' }
  /** The browser refused the site (SecurityError: another origin or relying party id). */
  | { kind: 'not-allowed-here' }
  /** The account holds MAX_PASSKEYS_PER_ACCOUNT passkeys already; `limit` from the refusal. */
  | { kind: 'limit-reached'; limit: number | null }
  /** This browser has no WebAuthn. */
  | { kind: 'unsupported' }
  /** This device's authenticator holds a passkey for this account already (InvalidStateError). */
  | { kind: 'already-on-device' }
  /** Only a fresh wallet sign-in may do this (WALLET_SIGN_IN_REQUIRED). */
  | { kind: 'wallet-sign-in-required' }
  /** The server refused the response (INVALID_PASSKEY_RESPONSE) or the challenge (INVALID_NONCE). */
  | { kind: 'refused' }
  | { kind: 'rate-limited'; retryAfterSeconds: number | null }
  | { kind: 'suspended' }
  /** The network failed, or anything else: try again. */
  | { kind: 'other' };

/** `extensions.limit` of a PASSKEY_LIMIT_REACHED refusal, which readRefusal does not carry. */
function limitOf(error: unknown): number | null {
  if (!(error instanceof ApolloError)) return null;
  for (const graphQLError of error.graphQLErrors) {
    const limit = graphQLError.extensions?.limit;
    if (typeof limit === 'number') return limit;
  }
  return null;
}

/** The browser's DOMException name, through @simplewebauthn's WebAuthnError (which keeps it as `name`). */
function browserErrorName(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { name, cause } = error as { name?: unknown; cause?: unknown };
  if (typeof name === 'string' && name !== 'Error' && name !== 'WebAuthnError') return name;
  if (typeof cause === 'object' && cause !== null) return browserErrorName(cause);
  return null;
}

/** Reads a failure of the server's answer or of the browser's ceremony. */
export function readPasskeyFailure(error: unknown): PasskeyFailure {
  const refusal = readRefusal(error);
  if (refusal) {
    switch (refusal.code) {
      case ErrorCode.PasskeyNotRecognized:
        return { kind: 'not-recognised' };
      case ErrorCode.PasskeyLimitReached:
        return { kind: 'limit-reached', limit: limitOf(error) };
      case ErrorCode.WalletSignInRequired:
        return { kind: 'wallet-sign-in-required' };
      case ErrorCode.InvalidPasskeyResponse:
      case ErrorCode.InvalidNonce:
        return { kind: 'refused' };
      case ErrorCode.RateLimited:
        return { kind: 'rate-limited', retryAfterSeconds: refusal.retryAfterSeconds };
      case ErrorCode.AccountSuspended:
        return { kind: 'suspended' };
      default:
        return { kind: 'other' };
    }
  }
  switch (browserErrorName(error)) {
    // Chromium answers NotAllowedError for a cancelled prompt, a timeout and no matching passkey alike.
    case 'NotAllowedError':
    case 'AbortError':
      return { kind: 'cancelled' };
    case 'SecurityError':
      return { kind: 'not-allowed-here' };
    case 'InvalidStateError':
      return { kind: 'already-on-device' };
    case 'NotSupportedError':
      return { kind: 'unsupported' };
    default:
      return { kind: 'other' };
  }
}
