import { InvalidMessageError } from '../errors/siwe.js';

/**
 * The error for text or fields that cannot be a Sign In With Solana message.
 * `reason` is short and never echoes the client's input.
 */
export function invalidSiwsMessage(reason: string): InvalidMessageError {
  return new InvalidMessageError(`Invalid Sign In With Solana message: ${reason}`, {
    details: { reason },
  });
}
