/**
 * The codes a SigilError may carry, as the keys of this interface: those of
 * this package's errors (errors/siwe.ts), and an application's own, which it
 * adds by augmenting the interface as wagmi's `Register` is augmented:
 *
 *   declare module '@sigil/siwe' {
 *     interface SigilErrorCodes { RATE_LIMITED: true }
 *   }
 *
 * So a caller that narrows with `instanceof SigilError` reads `code` as the
 * union of every code in its program, not as any string.
 */
export interface SigilErrorCodes {
  INVALID_MESSAGE: true;
  INVALID_NONCE: true;
  DOMAIN_MISMATCH: true;
  MESSAGE_EXPIRED: true;
  MESSAGE_NOT_YET_VALID: true;
  INVALID_SIGNATURE: true;
}

export type SigilErrorCode = keyof SigilErrorCodes;

export type SigilErrorOptions = {
  /** Machine-readable detail, safe to show to the client. */
  details?: Record<string, unknown>;
  cause?: unknown;
};

/**
 * The base of Sigil's domain errors. Code throws these, never bare strings;
 * each class carries a stable `code` (the API's `extensions.code`, see
 * docs/api.md) so a caller can tell one failure from another without parsing
 * messages.
 */
export abstract class SigilError extends Error {
  abstract readonly code: SigilErrorCode;
  /** HTTP status a GraphQL server reports for this error when it is the only one. */
  readonly httpStatus: number = 200;
  readonly details: Record<string, unknown>;

  constructor(message: string, options: SigilErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.details = options.details ?? {};
  }
}
