import { base58 } from '@scure/base';

/**
 * The longest text decodeBase58 reads. Sigil decodes keys (at most 44
 * characters) and signatures (at most 88); base58 decoding costs the square
 * of the length, so a hostile megabyte is refused before any of that work.
 */
export const MAX_BASE58_LENGTH = 128;

/** Bitcoin's base58 alphabet, the one Solana writes keys and signatures in. */
export function encodeBase58(bytes: Uint8Array): string {
  return base58.encode(bytes);
}

/**
 * The bytes of a base58 text, or undefined when it is not base58 (a character
 * outside the alphabet, an empty text) or longer than MAX_BASE58_LENGTH.
 * Each leading '1' is a leading zero byte, so every byte string has exactly
 * one spelling and two different texts never decode to the same bytes.
 */
export function decodeBase58(text: string): Uint8Array | undefined {
  if (typeof text !== 'string' || text === '' || text.length > MAX_BASE58_LENGTH) return undefined;
  try {
    return base58.decode(text);
  } catch {
    return undefined;
  }
}
