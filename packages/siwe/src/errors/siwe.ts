import { SigilError, type SigilErrorOptions } from './base.js';

/** The text or fields cannot be an EIP-4361 message (`details.reason` says why). */
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

/** The message was written for another service (or its URI is not on its domain). */
export class DomainMismatchError extends SigilError {
  readonly code = 'DOMAIN_MISMATCH';
}

export class MessageExpiredError extends SigilError {
  readonly code = 'MESSAGE_EXPIRED';
}

export class MessageNotYetValidError extends SigilError {
  readonly code = 'MESSAGE_NOT_YET_VALID';
}

/** The signature does not prove the address; `details.reason` says how it failed, when known. */
export class InvalidSignatureError extends SigilError {
  readonly code = 'INVALID_SIGNATURE';
  constructor(
    message = 'The signature does not prove ownership of the address.',
    options?: SigilErrorOptions,
  ) {
    super(message, options);
  }
}
