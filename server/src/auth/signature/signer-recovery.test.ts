import { secp256k1 } from '@noble/curves/secp256k1';
import { formatSiweMessage, recoverWithJavaScript, selectSignerRecovery } from '@sigil/siwe';
import {
  type Address,
  bytesToHex,
  concatHex,
  type Hex,
  hashMessage,
  hexToBigInt,
  keccak256,
  numberToHex,
  toHex,
} from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  readVectors,
  type SignedVector,
  toSiweFields,
} from '../../../../packages/siwe/test/siwe-vectors.js';

/**
 * The fast (WebAssembly) recovery the worker threads select must name the
 * same signer as viem's JavaScript one, and refuse exactly what it refuses,
 * for every input the server may see: a disagreement would let a signature in
 * on one machine and not on another.
 */
const fast = await selectSignerRecovery(() => import('tiny-secp256k1'));
const N = secp256k1.CURVE.n;

async function expectAgreement(message: string, signature: Hex): Promise<Address | null> {
  const reference = await recoverWithJavaScript(message, signature);
  const recovered = await fast.recover(message, signature);
  expect({ message, signature, recovered }).toEqual({ message, signature, recovered: reference });
  return reference;
}

/** Deterministic pseudo-random bytes, so a failure names a case that can be run again. */
function randomBytes32(seed: string, index: number): Hex {
  return keccak256(toHex(`${seed}:${index}`));
}

const word = (value: bigint): Hex => numberToHex(value, { size: 32 });

/** A private key, its address, a message and its signature as (r, s, recovery bit). */
function signedCase(index: number) {
  let privateKey = randomBytes32('key', index);
  while (hexToBigInt(privateKey) === 0n || hexToBigInt(privateKey) >= N) {
    privateKey = keccak256(privateKey);
  }
  const message = `Sigil recovery case ${index}\nnonce ${randomBytes32('message', index)}`;
  const { r, s, recovery } = secp256k1.sign(hashMessage(message).slice(2), privateKey.slice(2), {
    lowS: true,
  });
  return { address: privateKeyToAddress(privateKey), message, r, s, recovery };
}

const signature = (r: bigint, s: bigint, v: number): Hex =>
  concatHex([word(r), word(s), numberToHex(v, { size: 1 })]);

describe('the signer recovery in use', () => {
  it('is the WebAssembly one on this machine', () => {
    expect(fast.name).toBe('webassembly');
  });
});

describe('WebAssembly and JavaScript recovery on the SIWE vectors', () => {
  const signed = [
    ...readVectors<SignedVector>('verification_positive.json').map(
      ([name, vector]) => [`positive: ${name}`, vector, true] as const,
    ),
    ...readVectors<SignedVector>('verification_negative.json').map(
      ([name, vector]) => [`negative: ${name}`, vector, false] as const,
    ),
  ];

  it.each(signed)('agree on "%s"', async (_, vector, positive) => {
    let message: string;
    try {
      message = formatSiweMessage(toSiweFields(vector));
    } catch {
      return; // fields no message can carry (an impossible date): nothing to recover
    }
    const signer = await expectAgreement(message, vector.signature);
    if (positive) expect(signer).toBe(vector.address);
  });
});

describe('WebAssembly and JavaScript recovery on random and malformed signatures', () => {
  const CASES = 400;

  it(`agree on ${CASES} random keys: good signatures, v as 0/1 or 27/28, high s`, async () => {
    for (let index = 0; index < CASES; index++) {
      const { address, message, r, s, recovery } = signedCase(index);
      expect(await expectAgreement(message, signature(r, s, 27 + recovery))).toBe(address);
      expect(await expectAgreement(message, signature(r, s, recovery))).toBe(address);
      // The malleable twin (n - s, other parity) still names the key, as
      // viem accepts it today: EIP-2's low-s rule is not a SIWE rule.
      const highS = signature(r, N - s, 28 - recovery);
      expect(await expectAgreement(message, highS)).toBe(address);
      // The wrong parity names some other key, the same one both ways.
      const otherSigner = await expectAgreement(message, signature(r, s, 28 - recovery));
      expect(otherSigner).not.toBe(address);
      // Someone else's message with this signature: some other key, or none.
      expect(await expectAgreement(`${message}!`, signature(r, s, 27 + recovery))).not.toBe(
        address,
      );
    }
  }, 120_000);

  it(`agree on ${CASES} signatures with a bad v, r or s, and refuse them alike`, async () => {
    for (let index = 0; index < CASES; index++) {
      const { message, r, s, recovery } = signedCase(index);
      const badV = [2, 3, 4, 26, 29, 30, 35, 36, 37, 38, 127, 255][index % 12] ?? 2;
      const outOfRange = N + (hexToBigInt(randomBytes32('over', index)) % (2n ** 256n - N));
      const refused = [
        signature(r, s, badV),
        signature(0n, s, 27 + recovery),
        signature(r, 0n, 27 + recovery),
        signature(N, s, 27 + recovery),
        signature(r, N, 27 + recovery),
        signature(outOfRange, s, 27 + recovery),
        signature(r, outOfRange, 27 + recovery),
      ];
      for (const bad of refused) expect(await expectAgreement(message, bad)).toBeNull();
    }
  }, 120_000);

  it(`agree on ${CASES} random 65-byte strings (r often no curve point)`, async () => {
    let recovered = 0;
    for (let index = 0; index < CASES; index++) {
      const bytes = concatHex([
        randomBytes32('r', index),
        randomBytes32('s', index),
        index % 2 ? '0x1b' : '0x1c',
      ]);
      if ((await expectAgreement(`random ${index}`, bytes)) !== null) recovered++;
    }
    // About half of random r are curve x-coordinates: both paths were taken.
    expect(recovered).toBeGreaterThan(CASES / 4);
    expect(recovered).toBeLessThan(CASES);
  }, 120_000);

  // Odd-length hex is not here: the verifier refuses it before any recovery
  // (verify-signature.test.ts), and viem would read its last nibble as v.
  it('agree on signatures of the wrong length or not hex, and refuse them', async () => {
    const { message, r, s, recovery } = signedCase(0);
    const good = signature(r, s, 27 + recovery);
    const malformed: Hex[] = [
      '0x',
      good.slice(0, -2) as Hex,
      `${good}00`,
      bytesToHex(new Uint8Array(64)),
      bytesToHex(new Uint8Array(65)),
      `0x${'zz'.repeat(65)}` as Hex,
    ];
    for (const bad of malformed) expect(await expectAgreement(message, bad)).toBeNull();
  });
});
