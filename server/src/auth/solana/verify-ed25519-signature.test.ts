import { randomBytes } from 'node:crypto';
import { decodeBase58, encodeBase58 } from '@sigil/siwe';
import { verifySolanaSignature } from '@sigil/siwe/solana-verify';
import { describe, expect, it } from 'vitest';
import { newSolanaKey } from '../../../test/support/solana-test-key.js';
import { verifyEd25519Signature } from './verify-ed25519-signature.js';

/**
 * The server verifies with Node's crypto, the visitor's browser with
 * @noble/curves (@sigil/siwe/solana-verify): both must give the same answer
 * for every case, or a proof the server took would fail on the public page.
 */
describe('verifyEd25519Signature', () => {
  const key = newSolanaKey(new Uint8Array(32).fill(9));
  const message = 'example.com wants you to sign in with your Solana account:\nnaïve ✓';

  function bothSay(p: { message: string; signature: Uint8Array; address: string }) {
    const server = verifyEd25519Signature(p);
    expect(verifySolanaSignature(p), 'the browser disagrees with the server').toBe(server);
    return server;
  }

  it("accepts the key's signature of the exact UTF-8 bytes", () => {
    expect(bothSay({ message, signature: key.signBytes(message), address: key.address })).toBe(
      true,
    );
  });

  it('refuses another message, another key, and a changed signature', () => {
    const signature = key.signBytes(message);
    expect(bothSay({ message: `${message} `, signature, address: key.address })).toBe(false);
    expect(bothSay({ message, signature, address: newSolanaKey().address })).toBe(false);
    const changed = new Uint8Array(signature);
    changed[10] = (changed[10] ?? 0) ^ 1;
    expect(bothSay({ message, signature: changed, address: key.address })).toBe(false);
  });

  it('refuses the same text in another Unicode normalization: the bytes are what is signed', () => {
    const composed = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    const signature = key.signBytes(composed);
    expect(bothSay({ message: composed, signature, address: key.address })).toBe(true);
    expect(bothSay({ message: decomposed, signature, address: key.address })).toBe(false);
  });

  it('refuses a key of small order, which OpenSSL alone would take for any message', () => {
    const identity = new Uint8Array(32);
    identity[0] = 1;
    const forged = new Uint8Array(64);
    forged[0] = 1;
    expect(bothSay({ message, signature: forged, address: encodeBase58(identity) })).toBe(false);
  });

  it('refuses signatures and keys of the wrong length, and keys off the curve', () => {
    const signature = key.signBytes(message);
    expect(
      verifyEd25519Signature({
        message,
        signature: signature.subarray(0, 63),
        address: key.address,
      }),
    ).toBe(false);
    expect(
      verifyEd25519Signature({
        message,
        signature,
        address: encodeBase58(new Uint8Array(31).fill(7)),
      }),
    ).toBe(false);
    for (let i = 0; i < 32; i++) {
      const address = encodeBase58(randomBytes(32));
      expect(bothSay({ message, signature, address })).toBe(false);
    }
  });

  it('agrees with the browser on 200 random keys and messages', () => {
    for (let i = 0; i < 200; i++) {
      const signer = newSolanaKey();
      const text = randomBytes(1 + (i % 40)).toString('base64');
      const signature = signer.signBytes(text);
      expect(bothSay({ message: text, signature, address: signer.address })).toBe(true);
      const other = decodeBase58(signer.address);
      expect(other).toHaveLength(32);
    }
  });
});
