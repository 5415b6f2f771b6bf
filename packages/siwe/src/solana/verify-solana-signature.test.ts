import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from './base58.js';
import { verifySolanaSignature } from './verify-solana-signature.js';

/** A real Ed25519 key from Node's crypto, its address, and a signer of exact UTF-8 bytes. */
function newKey(): {
  address: string;
  privateKey: KeyObject;
  sign: (message: string) => Uint8Array;
} {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  return {
    address: encodeBase58(raw),
    privateKey,
    sign: (message) => new Uint8Array(sign(null, Buffer.from(message, 'utf8'), privateKey)),
  };
}

const MESSAGE = [
  'example.com wants you to sign in with your Solana account:',
  'ADDRESS',
  '',
  'Sign in to Sigil, café ☕',
  '',
  'URI: https://example.com/login',
].join('\n');

describe('verifySolanaSignature', () => {
  const key = newKey();
  const signature = key.sign(MESSAGE);

  it('accepts a signature of the exact message by the address key', () => {
    expect(signature).toHaveLength(64);
    expect(verifySolanaSignature({ message: MESSAGE, signature, address: key.address })).toBe(true);
  });

  it('refuses the signature under another key', () => {
    const other = newKey();
    expect(verifySolanaSignature({ message: MESSAGE, signature, address: other.address })).toBe(
      false,
    );
  });

  it('refuses a message changed by one character', () => {
    const tampered = MESSAGE.replace('Sigil', 'Sigi1');
    expect(verifySolanaSignature({ message: tampered, signature, address: key.address })).toBe(
      false,
    );
  });

  it('refuses a message with a trailing line break', () => {
    expect(
      verifySolanaSignature({ message: `${MESSAGE}\n`, signature, address: key.address }),
    ).toBe(false);
  });

  it('signs the UTF-8 bytes, not UTF-16 code units or Latin-1', () => {
    const latin1 = new Uint8Array(sign(null, Buffer.from(MESSAGE, 'latin1'), key.privateKey));
    expect(latin1).toHaveLength(64);
    expect(
      verifySolanaSignature({ message: MESSAGE, signature: latin1, address: key.address }),
    ).toBe(false);
  });

  it('refuses a flipped bit of the signature', () => {
    const flipped = signature.slice();
    flipped[10] = (flipped[10] ?? 0) ^ 1;
    expect(
      verifySolanaSignature({ message: MESSAGE, signature: flipped, address: key.address }),
    ).toBe(false);
  });

  it('refuses a signature of 63 or 65 bytes, without throwing', () => {
    const short = signature.slice(0, 63);
    const long = Uint8Array.from([...signature, 0]);
    expect(
      verifySolanaSignature({ message: MESSAGE, signature: short, address: key.address }),
    ).toBe(false);
    expect(verifySolanaSignature({ message: MESSAGE, signature: long, address: key.address })).toBe(
      false,
    );
  });

  it('refuses an address that is not base58 of 32 bytes, without throwing', () => {
    for (const address of ['', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', `${key.address}1`]) {
      expect(verifySolanaSignature({ message: MESSAGE, signature, address })).toBe(false);
    }
  });

  it('refuses the all-zero key, a small-order point (strict RFC 8032)', () => {
    expect(
      verifySolanaSignature({
        message: MESSAGE,
        signature,
        address: '11111111111111111111111111111111',
      }),
    ).toBe(false);
  });

  it('refuses a signature that holds only for a small-order key, as ZIP 215 would accept', () => {
    // The identity point as key and as R, and S = 0: [8]SB = [8]R + [8]kA for
    // every message under the lenient rules, false under RFC 8032's.
    const identity = Uint8Array.from([1, ...new Uint8Array(31)]);
    const forged = Uint8Array.from([...identity, ...new Uint8Array(32)]);
    expect(
      verifySolanaSignature({
        message: MESSAGE,
        signature: forged,
        address: encodeBase58(identity),
      }),
    ).toBe(false);
  });

  it('refuses a signature whose S is not reduced (S + L), which strict rules reject', () => {
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    const s = bytesToLittleEndian(signature.slice(32));
    const unreduced = littleEndianBytes(s + L, 32);
    const malleated = Uint8Array.from([...signature.slice(0, 32), ...unreduced]);
    expect(
      verifySolanaSignature({ message: MESSAGE, signature: malleated, address: key.address }),
    ).toBe(false);
  });

  it('reads a Buffer as bytes', () => {
    expect(
      verifySolanaSignature({
        message: MESSAGE,
        signature: Buffer.from(signature),
        address: key.address,
      }),
    ).toBe(true);
  });

  it('refuses values of the wrong type, without throwing', () => {
    const hostile = { message: 42, signature: 'sig', address: key.address } as never;
    expect(verifySolanaSignature(hostile)).toBe(false);
  });
});

function bytesToLittleEndian(bytes: Uint8Array): bigint {
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i] ?? 0);
  return value;
}

function littleEndianBytes(value: bigint, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let rest = value;
  for (let i = 0; i < length; i++) {
    bytes[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
}
