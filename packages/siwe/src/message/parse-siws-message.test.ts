import { describe, expect, it } from 'vitest';
import { SIWS_MINIMAL_LINES } from '../../test/siws-vectors.js';
import { InvalidMessageError } from '../errors/siwe.js';
import { parseSiwsMessage } from './parse-siws-message.js';
import { MAX_SIWS_MESSAGE_LENGTH } from './siws-message.js';

// The valid and malformed messages are vectors (test/siws-vectors.ts), run by
// test/siws-conformance.test.ts; these are the parser's own edges.

function refusal(text: unknown): InvalidMessageError {
  try {
    parseSiwsMessage(text as string);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidMessageError);
    return error as InvalidMessageError;
  }
  throw new Error('expected the message to be refused');
}

describe('parseSiwsMessage', () => {
  it('names its family and the reason, without echoing the text', () => {
    const error = refusal(SIWS_MINIMAL_LINES.join('\n').replace('Version: 1', 'Version: 9'));
    expect(error.message).toBe('Invalid Sign In With Solana message: version must be 1');
    expect(error.details).toStrictEqual({ reason: 'version must be 1' });
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, {}, ['a']]) {
      expect(refusal(value).details.reason).toBe('message must be a string');
    }
  });

  it('reads a message of exactly MAX_SIWS_MESSAGE_LENGTH characters and refuses one more', () => {
    const base = SIWS_MINIMAL_LINES.join('\n');
    const padding = MAX_SIWS_MESSAGE_LENGTH - base.length - '\nRequest ID: '.length;
    const longest = `${base}\nRequest ID: ${'a'.repeat(padding)}`;
    expect(longest).toHaveLength(MAX_SIWS_MESSAGE_LENGTH);
    expect(parseSiwsMessage(longest).requestId).toHaveLength(padding);
    expect(refusal(`${longest}a`).details.reason).toBe(
      `message is longer than ${MAX_SIWS_MESSAGE_LENGTH} characters`,
    );
  });

  it('names the line of a bad character', () => {
    const text = SIWS_MINIMAL_LINES.join('\n').replace('Nonce: ', 'Nonce:\u00a0');
    expect(refusal(text).details.reason).toBe(
      'line 7 contains a character outside printable ASCII',
    );
  });
});
