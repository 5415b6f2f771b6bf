import { describe, expect, it } from 'vitest';
import { encodeBase58 } from './base58.js';
import { decodeSolanaSignature } from './decode-solana-signature.js';

describe('decodeSolanaSignature', () => {
  it('reads 64 bytes, leading zero bytes included', () => {
    const bytes = Uint8Array.from({ length: 64 }, (_, i) => (i < 2 ? 0 : i));
    expect(decodeSolanaSignature(encodeBase58(bytes))).toStrictEqual(bytes);
  });

  it.each([
    ['63 bytes', encodeBase58(new Uint8Array(63).fill(7))],
    ['65 bytes', encodeBase58(new Uint8Array(65).fill(7))],
    ['an empty text', ''],
    ['hex', `0x${'ab'.repeat(64)}`],
    ['base64', Buffer.from(new Uint8Array(64).fill(7)).toString('base64')],
    ['a megabyte', '2'.repeat(1024 * 1024)],
  ])('refuses %s', (_name, text) => {
    expect(decodeSolanaSignature(text)).toBeUndefined();
  });
});
