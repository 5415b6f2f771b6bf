import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
} from 'node:crypto';
import { encodeBase58 } from '@sigil/siwe';

/** A Solana key for tests: its base58 address, and signatures as a wallet's `solana:signMessage` makes them. */
export type SolanaTestKey = {
  /** Base58 of the 32-byte Ed25519 public key. */
  address: string;
  /** The 64-byte Ed25519 signature of the message's exact UTF-8 bytes. */
  signBytes(message: string): Uint8Array;
  /** The same signature in base58, as `signIn` and `linkWallet` take it. */
  signMessage(message: string): string;
};

/** The DER header of an Ed25519 PKCS #8 private key (RFC 8410), before the 32-byte seed. */
const PKCS8_SEED_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function testKeyOf(privateKey: KeyObject): SolanaTestKey {
  // The last 32 bytes of an Ed25519 SPKI are the raw public key.
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const address = encodeBase58(spki.subarray(spki.length - 32));
  const signBytes = (message: string) =>
    new Uint8Array(sign(null, Buffer.from(message, 'utf8'), privateKey));
  return { address, signBytes, signMessage: (message) => encodeBase58(signBytes(message)) };
}

/**
 * A new Ed25519 key from Node's CSPRNG (docs/testing.md): each test signs
 * with its own, so no two tests share an account. Pass a 32-byte seed for
 * a key that is the same on every run.
 */
export function newSolanaKey(seed?: Uint8Array): SolanaTestKey {
  if (seed === undefined) return testKeyOf(generateKeyPairSync('ed25519').privateKey);
  if (seed.length !== 32) throw new RangeError('an Ed25519 seed is 32 bytes');
  return testKeyOf(
    createPrivateKey({
      key: Buffer.concat([PKCS8_SEED_PREFIX, seed]),
      format: 'der',
      type: 'pkcs8',
    }),
  );
}
