import { describe, expect, it } from 'vitest';
import { decodeBase58, encodeBase58, MAX_BASE58_LENGTH } from './base58.js';

describe('base58', () => {
  it('round-trips bytes, each leading zero byte a leading 1', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255]);
    const text = encodeBase58(bytes);
    expect(text.startsWith('11')).toBe(true);
    expect(decodeBase58(text)).toStrictEqual(bytes);
  });

  it('writes the Bitcoin alphabet', () => {
    expect(encodeBase58(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U');
  });

  it.each([
    ['an empty text', ''],
    ['a zero', '0abc'],
    ['a capital O', 'Oabc'],
    ['a capital I', 'Iabc'],
    ['a small l', 'labc'],
    ['a space', 'ab c'],
    ['a non-ASCII letter', 'abç'],
  ])('refuses %s', (_name, text) => {
    expect(decodeBase58(text)).toBeUndefined();
  });

  it('refuses a text longer than MAX_BASE58_LENGTH before decoding it', () => {
    expect(decodeBase58('2'.repeat(MAX_BASE58_LENGTH))).toBeDefined();
    expect(decodeBase58('2'.repeat(MAX_BASE58_LENGTH + 1))).toBeUndefined();
  });

  it('refuses what is not a string, without throwing', () => {
    expect(decodeBase58(42 as never)).toBeUndefined();
  });
});
