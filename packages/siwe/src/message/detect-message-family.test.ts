import { describe, expect, it } from 'vitest';
import { detectMessageFamily } from './detect-message-family.js';

describe('detectMessageFamily', () => {
  it.each([
    ['example.com wants you to sign in with your Ethereum account:\n0xabc', 'eip155'],
    ['https://example.com wants you to sign in with your Ethereum account:', 'eip155'],
    ['example.com wants you to sign in with your Solana account:\nEeJL', 'solana'],
    // The first line decides; the parser of that family refuses the rest.
    ['example.com wants you to sign in with your Solana account:\n0xC02a', 'solana'],
  ])('reads %j as %s', (text, family) => {
    expect(detectMessageFamily(text)).toBe(family);
  });

  it.each([
    ['an empty text', ''],
    ['a header without a domain', ' wants you to sign in with your Solana account:\nEeJL'],
    [
      'the header on the second line',
      '\nexample.com wants you to sign in with your Solana account:',
    ],
    ['another family', 'example.com wants you to sign in with your Bitcoin account:'],
    ['a lower-case family', 'example.com wants you to sign in with your solana account:'],
    ['a trailing space', 'example.com wants you to sign in with your Solana account: \nEeJL'],
    [
      'a CR before the line feed',
      'example.com wants you to sign in with your Solana account:\r\nEeJL',
    ],
    ['not a string', 42 as never],
  ])('knows no family for %s', (_name, text) => {
    expect(detectMessageFamily(text)).toBeUndefined();
  });
});
