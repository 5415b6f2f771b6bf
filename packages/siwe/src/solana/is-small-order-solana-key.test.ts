import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519';
import { describe, expect, it } from 'vitest';
import { isSmallOrderSolanaKey } from './is-small-order-solana-key.js';

const P = 2n ** 255n - 19n;

function toLittleEndian(value: bigint): Uint8Array {
  const bytes = new Uint8Array(32);
  let rest = value;
  for (let i = 0; i < 32; i++) {
    bytes[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
}

/** The eight points of small order: multiples of a point of order 8. */
function smallOrderPoints() {
  const { ExtendedPoint } = ed25519;
  const orderEight = ExtendedPoint.fromHex(
    '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  );
  return Array.from({ length: 8 }, (_, k) =>
    k === 0 ? ExtendedPoint.ZERO : orderEight.multiplyUnsafe(BigInt(k)),
  );
}

describe('isSmallOrderSolanaKey', () => {
  it('flags every point of small order, in every spelling of it', () => {
    const points = smallOrderPoints();
    expect(new Set(points.map((point) => point.toHex())).size).toBe(8);
    for (const point of points) {
      expect(point.isSmallOrder()).toBe(true);
      const { x, y } = point.toAffine();
      const spellings = [y, y + P].filter((value) => value < 2n ** 255n);
      for (const spelling of spellings) {
        for (const signBit of [0, 0x80]) {
          const encoded = toLittleEndian(spelling);
          encoded[31] = (encoded[31] ?? 0) | signBit;
          expect(isSmallOrderSolanaKey(encoded), `y=${spelling} x=${x}`).toBe(true);
        }
      }
    }
  });

  it('passes real keys', () => {
    for (let i = 0; i < 20; i++) {
      const { publicKey } = generateKeyPairSync('ed25519');
      const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
      expect(isSmallOrderSolanaKey(raw)).toBe(false);
    }
  });

  it('refuses other lengths rather than reading past them', () => {
    expect(isSmallOrderSolanaKey(new Uint8Array(31))).toBe(false);
    expect(isSmallOrderSolanaKey(new Uint8Array(33))).toBe(false);
  });

  // Why the check exists: Node's verifier takes a forged signature for the identity key.
  it("covers a forgery Node's crypto.verify accepts", () => {
    const identity = Uint8Array.from([1, ...new Uint8Array(31)]);
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(identity).toString('base64url') },
      format: 'jwk',
    });
    const forged = Buffer.concat([identity, new Uint8Array(32)]);
    expect(verify(null, Buffer.from('any message'), key, forged)).toBe(true);
    expect(isSmallOrderSolanaKey(identity)).toBe(true);
  });
});
