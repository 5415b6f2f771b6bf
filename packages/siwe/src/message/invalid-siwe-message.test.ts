import { describe, expect, it } from 'vitest';
import { InvalidMessageError } from '../errors/siwe.js';
import { invalidSiweMessage } from './invalid-siwe-message.js';

describe('invalidSiweMessage', () => {
  it('makes an INVALID_MESSAGE error that says what is wrong', () => {
    const error = invalidSiweMessage('version must be 1');
    expect(error).toBeInstanceOf(InvalidMessageError);
    expect(error.code).toBe('INVALID_MESSAGE');
    expect(error.message).toBe('Invalid EIP-4361 message: version must be 1');
    expect(error.details).toStrictEqual({ reason: 'version must be 1' });
  });
});
