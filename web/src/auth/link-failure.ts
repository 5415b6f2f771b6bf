import { readRefusal } from '../graphql/read-refusal';

/** Why a wallet was not linked, each with its own message (`linkFailureMessage`). */
export type LinkFailure =
  | { kind: 'preparing' }
  | { kind: 'rejected' }
  | { kind: 'signing' }
  | { kind: 'already-linked-elsewhere' }
  | { kind: 'limit-reached' }
  | { kind: 'invalid-signature' }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  /** A passkey's session may not link a wallet (WALLET_SIGN_IN_REQUIRED). */
  | { kind: 'wallet-sign-in-required' }
  | { kind: 'verifying' };

/** EIP-1193's "user rejected the request", anywhere in viem's cause chain. */
function isUserRejection(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 8; depth += 1) {
    if (current.name === 'UserRejectedRequestError') return true;
    if ((current as { code?: unknown }).code === 4001) return true;
    current = current.cause;
  }
  return false;
}

/** A failure of the wallet's signature request. */
export function signingFailure(error: unknown): LinkFailure {
  return isUserRejection(error) ? { kind: 'rejected' } : { kind: 'signing' };
}

/** A failure while preparing the message (the server may have refused the nonce). */
export function preparingFailure(error: unknown): LinkFailure {
  const refusal = readRefusal(error);
  if (refusal?.code === 'RATE_LIMITED') {
    return { kind: 'rate-limited', retryAfterSeconds: refusal.retryAfterSeconds ?? 60 };
  }
  return { kind: 'preparing' };
}

/** The server's refusal of `linkWallet`. */
export function verifyingFailure(error: unknown): LinkFailure {
  const refusal = readRefusal(error);
  switch (refusal?.code) {
    case 'WALLET_ALREADY_LINKED':
      return { kind: 'already-linked-elsewhere' };
    case 'INVALID_SIGNATURE':
      return { kind: 'invalid-signature' };
    case 'WALLET_LIMIT_REACHED':
      return { kind: 'limit-reached' };
    case 'RATE_LIMITED':
      return { kind: 'rate-limited', retryAfterSeconds: refusal.retryAfterSeconds ?? 60 };
    case 'WALLET_SIGN_IN_REQUIRED':
      return { kind: 'wallet-sign-in-required' };
    default:
      return { kind: 'verifying' };
  }
}
