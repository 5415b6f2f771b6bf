import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './preferred-encoding.js';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('picks %j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
