import { createPublicKey, verify } from 'node:crypto';
import { decodeBase58, isSmallOrderSolanaKey } from '@sigil/siwe';

/**
 * The DER header of an Ed25519 SubjectPublicKeyInfo (RFC 8410): what turns a
 * raw 32-byte key into one Node's crypto reads.
 */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * Whether `signature` is the Ed25519 signature of the exact UTF-8 bytes of
 * `message` by the key whose base58 text is `address` (docs/sign-in.md,
 * "Solana"). Node's crypto (OpenSSL) verifies in a few dozen microseconds,
 * so unlike secp256k1 recovery it runs on the event loop, with no worker.
 *
 * OpenSSL accepts any message under a key of small order (the identity with
 * R = identity and S = 0), keys no wallet can hold: they are refused first,
 * as libsodium and @noble/curves refuse them.
 */
export function verifyEd25519Signature(p: {
  message: string;
  signature: Uint8Array;
  address: string;
}): boolean {
  const publicKey = decodeBase58(p.address);
  if (publicKey?.length !== 32 || isSmallOrderSolanaKey(publicKey)) return false;
  if (p.signature.length !== 64) return false;
  try {
    const key = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]),
      format: 'der',
      type: 'spki',
    });
    return verify(null, Buffer.from(p.message, 'utf8'), key, p.signature);
  } catch {
    // A key that is not a point on the curve: not a signature of anything.
    return false;
  }
}
