import { decodeBase58 } from './base58.js';

export const SOLANA_SIGNATURE_LENGTH = 64;

/** The 64 bytes of an Ed25519 signature written in base58, or undefined for anything else. */
export function decodeSolanaSignature(base58: string): Uint8Array | undefined {
  const bytes = decodeBase58(base58);
  return bytes?.length === SOLANA_SIGNATURE_LENGTH ? bytes : undefined;
}
