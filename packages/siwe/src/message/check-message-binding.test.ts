import { describe, expect, it } from 'vitest';
import { DomainMismatchError, InvalidNonceError } from '../errors/siwe.js';
import { checkMessageBinding } from './check-message-binding.js';

const message = { domain: 'sigil.example:3000', nonce: 'abcdef123456' };

describe('checkMessageBinding', () => {
  it('accepts a message for one of the service domains and the issued nonce', () => {
    expect(() =>
      checkMessageBinding(message, {
        domains: ['localhost:5173', 'sigil.example:3000'],
        nonce: 'abcdef123456',
      }),
    ).not.toThrow();
  });

  it('refuses a message for another domain', () => {
    expect(() => checkMessageBinding(message, { domains: ['sigil.example'] })).toThrow(
      DomainMismatchError,
    );
  });

  it('compares domains exactly, without case folding', () => {
    expect(() => checkMessageBinding(message, { domains: ['SIGIL.example:3000'] })).toThrow(
      DomainMismatchError,
    );
  });

  it('refuses a message carrying another nonce than the one issued', () => {
    expect(() =>
      checkMessageBinding(message, { domains: ['sigil.example:3000'], nonce: '6548asdgf' }),
    ).toThrow(InvalidNonceError);
  });

  it('leaves the nonce alone when the caller expects none in particular', () => {
    expect(() => checkMessageBinding(message, { domains: ['sigil.example:3000'] })).not.toThrow();
  });
});
