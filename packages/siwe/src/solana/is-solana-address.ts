import { decodeBase58 } from './base58.js';

/** A 32-byte key is 32 (all zero bytes: 32 '1's) to 44 base58 characters. */
const MIN_ADDRESS_LENGTH = 32;
const MAX_ADDRESS_LENGTH = 44;

/**
 * A Solana address: the base58 text of a 32-byte Ed25519 public key. Whether
 * the bytes are a point of the curve is left to verification, which fails for
 * a key that cannot sign.
 */
export function isSolanaAddress(value: string): boolean {
  if (typeof value !== 'string') return false;
  if (value.length < MIN_ADDRESS_LENGTH || value.length > MAX_ADDRESS_LENGTH) return false;
  return decodeBase58(value)?.length === 32;
}
