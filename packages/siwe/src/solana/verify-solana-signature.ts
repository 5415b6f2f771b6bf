import { ed25519 } from '@noble/curves/ed25519';
import { decodeBase58 } from './base58.js';
import { SOLANA_SIGNATURE_LENGTH } from './decode-solana-signature.js';

export type VerifySolanaSignatureParameters = {
  /** The message exactly as signed; its UTF-8 bytes are what the key signed. */
  message: string;
  /** The 64-byte Ed25519 signature. */
  signature: Uint8Array;
  /** The signer's base58 address (its 32-byte public key). */
  address: string;
};

/**
 * Whether `address`'s key signed `message`: Ed25519 over the exact UTF-8
 * bytes, in the browser (public profiles, /verify) as on the server. The
 * strict RFC 8032 rules (zip215: false: canonical encodings, no small-order
 * key) rather than noble's lenient default, so the browser accepts no
 * signature that the server's OpenSSL refuses. Never throws: any input that
 * cannot be a valid signature is false.
 */
export function verifySolanaSignature({
  message,
  signature,
  address,
}: VerifySolanaSignatureParameters): boolean {
  if (typeof message !== 'string' || !ArrayBuffer.isView(signature)) return false;
  if (signature.byteLength !== SOLANA_SIGNATURE_LENGTH) return false;
  // A Uint8Array of another realm (a test DOM, an iframe) is read as bytes too.
  const bytes = new Uint8Array(signature.buffer, signature.byteOffset, signature.byteLength);
  const publicKey = decodeBase58(address);
  if (publicKey?.length !== 32) return false;
  try {
    return ed25519.verify(bytes, new TextEncoder().encode(message), publicKey, {
      zip215: false,
    });
  } catch {
    // A key that is not a point of the curve, among others.
    return false;
  }
}
