/**
 * Domain errors. Code below the GraphQL layer throws these, never bare strings;
 * `graphql/mask-error.ts` is the one place that maps them to
 * `extensions.code`. Each class carries a stable code (docs/api.md lists them)
 * so a caller can tell one failure from another without parsing messages.
 *
 * The base class and the sign-in's own errors (invalid message, nonce, domain,
 * times, signature) come from @sigil/siwe, which the web app shares; the
 * server's own are below. Both are exported from here, so server code imports
 * every error from this one module.
 */
import { SigilError, type SigilErrorCode, type SigilErrorOptions } from '@sigil/siwe';
import type { ErrorCode as SchemaErrorCode } from './graphql/generated/schema-enums.js';

export {
  DomainMismatchError,
  InvalidMessageError,
  InvalidNonceError,
  InvalidSignatureError,
  MessageExpiredError,
  MessageNotYetValidError,
  SigilError,
  type SigilErrorOptions,
} from '@sigil/siwe';

declare module '@sigil/siwe' {
  interface SigilErrorCodes {
    UNAUTHENTICATED: true;
    BAD_USER_INPUT: true;
    UNSUPPORTED_CHAIN: true;
    RATE_LIMITED: true;
    WALLET_ALREADY_LINKED: true;
    LAST_WALLET: true;
    WALLET_LIMIT_REACHED: true;
    RESPONSE_TOO_LARGE: true;
    FORBIDDEN: true;
    ACCOUNT_SUSPENDED: true;
    NOT_FOUND: true;
    DEVICE_CODE_INVALID: true;
    INVALID_PASSKEY_RESPONSE: true;
    PASSKEY_NOT_RECOGNIZED: true;
    PASSKEY_LIMIT_REACHED: true;
    WALLET_SIGN_IN_REQUIRED: true;
    INTERNAL_SERVER_ERROR: true;
  }
}

/**
 * Every `extensions.code` the API may send: the schema's `enum ErrorCode`,
 * generated. A SigilError's code (the package's and the server's above) must
 * be one of them, or this module fails to compile; the codes only GraphQL and
 * the transport raise (BAD_REQUEST, GRAPHQL_PARSE_FAILED, ...) are there too.
 */
export type ErrorCode = SchemaErrorCode;

type CodeNotInSchema = Exclude<SigilErrorCode, SchemaErrorCode>;
const everyDomainCodeInSchema: CodeNotInSchema extends never ? true : never = true;
void everyDomainCodeInSchema;

export class UnauthenticatedError extends SigilError {
  readonly code = 'UNAUTHENTICATED';
  constructor(message = 'Sign in to continue.', options?: SigilErrorOptions) {
    super(message, options);
  }
}

export class BadUserInputError extends SigilError {
  readonly code = 'BAD_USER_INPUT';
}

export class UnsupportedChainError extends SigilError {
  readonly code = 'UNSUPPORTED_CHAIN';
}

/**
 * Over a limit on this client: too many attempts, or (with its own message)
 * a shared resource busy, such as the uploads queue; retry after the seconds given.
 */
export class RateLimitedError extends SigilError {
  readonly code = 'RATE_LIMITED';
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = 'Too many attempts. Try again later.') {
    super(message, { details: { retryAfterSeconds } });
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

/**
 * The account holds MAX_WALLETS_PER_ACCOUNT wallets already: each one is
 * listed with its proof on the public profile, so their number bounds what
 * one anonymous query can pull (docs/wallets.md).
 */
export class WalletLimitReachedError extends SigilError {
  readonly code = 'WALLET_LIMIT_REACHED';
  constructor(limit: number) {
    super(`This account already holds ${limit} wallets, the most it may hold.`, {
      details: { limit },
    });
  }
}

/**
 * An answer to a request without a session came out larger than
 * MAX_ANONYMOUS_RESPONSE_BYTES and was not sent: the backstop behind the
 * query-cost limit (docs/operations.md, "Limits"). The bound is not revealed.
 */
export class ResponseTooLargeError extends SigilError {
  readonly code = 'RESPONSE_TOO_LARGE';
  constructor() {
    super('The answer is too large to send without a session: ask for less.');
  }
}

/** Signed in, but the account lacks the role the operation needs (`admin`). */
export class ForbiddenError extends SigilError {
  readonly code = 'FORBIDDEN';
  constructor(message = 'Only an administrator may do this.') {
    super(message);
  }
}

/**
 * A suspended account's sign-in, link or app authorization, refused only
 * after its signature was verified (docs/administration.md). `until` is
 * RFC 3339, or null: until an administrator lifts it.
 */
export class AccountSuspendedError extends SigilError {
  readonly code = 'ACCOUNT_SUSPENDED';
  constructor(suspension: { reason: string; until: number | null }) {
    super('This account is suspended.', {
      details: {
        reason: suspension.reason,
        until: suspension.until === null ? null : new Date(suspension.until).toISOString(),
      },
    });
  }
}

/** An administrator's operation names an account, role or delivery that does not exist. */
export class NotFoundError extends SigilError {
  readonly code = 'NOT_FOUND';
}

/** A device login's code (docs/oidc.md, "Device login") that is unknown, used or expired. */
export class DeviceCodeInvalidError extends SigilError {
  readonly code = 'DEVICE_CODE_INVALID';
  constructor() {
    super('This code is not valid or has expired.');
  }
}

/**
 * A passkey's response fails verification (docs/passkeys.md): origin,
 * relying party id, challenge, user verification, signature, a counter that
 * went back, or a response that is not a WebAuthn response at all.
 */
export class InvalidPasskeyResponseError extends SigilError {
  readonly code = 'INVALID_PASSKEY_RESPONSE';
  constructor(message = 'The passkey response could not be verified.') {
    super(message);
  }
}

/**
 * No passkey of this id here, or it was removed; on adding, a credential
 * already registered (to this account or another: accounts are never merged).
 */
export class PasskeyNotRecognizedError extends SigilError {
  readonly code = 'PASSKEY_NOT_RECOGNIZED';
  constructor(message = 'This passkey is not recognised here.') {
    super(message);
  }
}

/** The account holds MAX_PASSKEYS_PER_ACCOUNT passkeys already. */
export class PasskeyLimitReachedError extends SigilError {
  readonly code = 'PASSKEY_LIMIT_REACHED';
  constructor(limit: number) {
    super(`This account already holds ${limit} passkeys, the most it may hold.`, {
      details: { limit },
    });
  }
}

/**
 * Only a wallet may do this (docs/passkeys.md): the session was opened by a
 * passkey, or (for adding a passkey) a wallet signed it in too long ago.
 */
export class WalletSignInRequiredError extends SigilError {
  readonly code = 'WALLET_SIGN_IN_REQUIRED';
  constructor(message = 'Sign in with your wallet again to do this.') {
    super(message);
  }
}

/** A broken invariant: reported as INTERNAL_SERVER_ERROR with details masked. */
export class InternalError extends SigilError {
  readonly code = 'INTERNAL_SERVER_ERROR';
}
