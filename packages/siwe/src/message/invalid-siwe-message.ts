import { InvalidMessageError } from '../errors/siwe.js';

/**
 * The error for text or fields that cannot be an EIP-4361 message. `reason`
 * is short and never echoes the client's input, which may be 16 KiB long.
 */
export function invalidSiweMessage(reason: string): InvalidMessageError {
  return new InvalidMessageError(`Invalid EIP-4361 message: ${reason}`, { details: { reason } });
}
