import { describe, expect, it } from 'vitest';
import { encodeBase58 } from './base58.js';
import { isSolanaAddress } from './is-solana-address.js';

describe('isSolanaAddress', () => {
  it.each([
    ['a real key', 'EeJLaExneCtMVgHU4o65pTNsNXV3x7Yz4DN7874xKCxK'],
    ['the system program (32 zero bytes)', '11111111111111111111111111111111'],
    ['the largest key', encodeBase58(new Uint8Array(32).fill(255))],
    [
      'a key with one leading zero byte',
      encodeBase58(Uint8Array.from([0, ...new Uint8Array(31).fill(255)])),
    ],
  ])('accepts %s', (_name, address) => {
    expect(isSolanaAddress(address)).toBe(true);
  });

  it.each([
    ['an empty text', ''],
    ['31 bytes', encodeBase58(new Uint8Array(31).fill(255))],
    ['33 bytes', encodeBase58(new Uint8Array(33).fill(1))],
    ['33 bytes in 44 characters', 'z'.repeat(44)],
    ['a leading zero byte too many', `1${'EeJLaExneCtMVgHU4o65pTNsNXV3x7Yz4DN7874xKCxK'}`],
    ['an Ethereum address', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'],
    ['a character outside base58', 'EeJLaExneCtMVgHU4o65pTNsNXV3x7Yz4DN7874xKCx0'],
    [
      'a CAIP-10 id',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:EeJLaExneCtMVgHU4o65pTNsNXV3x7Yz4DN7874xKCxK',
    ],
    ['surrounding space', ' EeJLaExneCtMVgHU4o65pTNsNXV3x7Yz4DN7874xKCxK'],
    ['a megabyte', '2'.repeat(1024 * 1024)],
  ])('refuses %s', (_name, address) => {
    expect(isSolanaAddress(address)).toBe(false);
  });

  it('refuses what is not a string, without throwing', () => {
    expect(isSolanaAddress(undefined as never)).toBe(false);
  });
});
