import { describe, expect, it } from 'vitest';
import { HOSTILE, HOSTILE_IN_BIO } from './profile-text-rules.js';

describe('HOSTILE', () => {
  it.each([
    ['a right-to-left override', 'evil\u202Egnp.exe'],
    ['a first-strong isolate', 'a\u2068b'],
    ['a zero-width space', 'a\u200Bb'],
    ['a C0 control character', 'a\u0007b'],
    ['a C1 control character', 'a\u0085b'],
    ['a line break', 'one\ntwo'],
    ['a line separator', 'one\u2028two'],
    ['a tag character', 'a\u{E0041}b'],
  ])('finds %s', (_, text) => {
    expect(HOSTILE.test(text)).toBe(true);
  });

  it.each([
    ['plain text', 'Ada Lovelace'],
    ['a zero-width non-joiner (Persian)', 'می\u200Cخواهم'],
    ['a zero-width joiner (an emoji sequence)', '👩\u200D💻'],
    ['accents and other scripts', 'Zoë 山田'],
  ])('leaves %s alone', (_, text) => {
    expect(HOSTILE.test(text)).toBe(false);
  });
});

describe('HOSTILE_IN_BIO', () => {
  it('allows a line break', () => {
    expect(HOSTILE_IN_BIO.test('one\ntwo')).toBe(false);
  });

  it('still finds a bidirectional override', () => {
    expect(HOSTILE_IN_BIO.test('one\n\u202Etwo')).toBe(true);
  });
});
