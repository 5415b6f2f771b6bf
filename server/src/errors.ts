/**
 * Domain errors. Code below the GraphQL layer throws these, never bare strings;
 * `graphql/mask-error.ts` is the one place that maps them to
 * `extensions.code`. Each class carries the stable code of DESIGN §3 so a
 * caller can tell one failure from another without parsing messages.
 */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'BAD_USER_INPUT'
  | 'INVALID_MESSAGE'
  | 'INVALID_NONCE'
  | 'DOMAIN_MISMATCH'
  | 'UNSUPPORTED_CHAIN'
  | 'MESSAGE_EXPIRED'
  | 'MESSAGE_NOT_YET_VALID'
  | 'INVALID_SIGNATURE'
  | 'RATE_LIMITED'
  | 'WALLET_ALREADY_LINKED'
  | 'LAST_WALLET'
  | 'INTERNAL_SERVER_ERROR';

export type SigilErrorOptions = {
  /** Machine-readable detail, safe to show to the client. */
  details?: Record<string, unknown>;
  cause?: unknown;
};

export abstract class SigilError extends Error {
  abstract readonly code: ErrorCode;
  /** HTTP status Yoga reports for this error when it is the only one. */
  readonly httpStatus: number = 200;
  readonly details: Record<string, unknown>;

  constructor(message: string, options: SigilErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.details = options.details ?? {};
  }
}

export class UnauthenticatedError extends SigilError {
  readonly code = 'UNAUTHENTICATED';
  constructor(message = 'Sign in to continue.', options?: SigilErrorOptions) {
    super(message, options);
  }
}

export class BadUserInputError extends SigilError {
  readonly code = 'BAD_USER_INPUT';
}

export class InvalidMessageError extends SigilError {
  readonly code = 'INVALID_MESSAGE';
}

export class InvalidNonceError extends SigilError {
  readonly code = 'INVALID_NONCE';
  constructor(
    message = 'The nonce is unknown, already used or expired.',
    options?: SigilErrorOptions,
  ) {
    super(message, options);
  }
}

export class DomainMismatchError extends SigilError {
  readonly code = 'DOMAIN_MISMATCH';
}

export class UnsupportedChainError extends SigilError {
  readonly code = 'UNSUPPORTED_CHAIN';
}

export class MessageExpiredError extends SigilError {
  readonly code = 'MESSAGE_EXPIRED';
}

export class MessageNotYetValidError extends SigilError {
  readonly code = 'MESSAGE_NOT_YET_VALID';
}

export class InvalidSignatureError extends SigilError {
  readonly code = 'INVALID_SIGNATURE';
  constructor(
    message = 'The signature does not prove ownership of the address.',
    options?: SigilErrorOptions,
  ) {
    super(message, options);
  }
}

export class RateLimitedError extends SigilError {
  readonly code = 'RATE_LIMITED';
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('Too many attempts. Try again later.', { details: { retryAfterSeconds } });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The wallet opens another account: accounts are never merged. */
export class WalletAlreadyLinkedError extends SigilError {
  readonly code = 'WALLET_ALREADY_LINKED';
  constructor() {
    super('This wallet is linked to another account.');
  }
}

/** An account keeps at least one wallet, or nobody could sign in to it. */
export class LastWalletError extends SigilError {
  readonly code = 'LAST_WALLET';
  constructor() {
    super("The account's last wallet cannot be unlinked.");
  }
}

/** A broken invariant: reported as INTERNAL_SERVER_ERROR with details masked. */
export class InternalError extends SigilError {
  readonly code = 'INTERNAL_SERVER_ERROR';
}
