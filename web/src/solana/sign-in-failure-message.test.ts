import { describe, expect, it } from 'vitest';
import { signInFailureMessage } from './sign-in-failure-message';

describe('signInFailureMessage', () => {
  it('says each step’s failure in the exact words of the Ethereum sign-in', () => {
    expect(signInFailureMessage({ kind: 'preparing' }, 'preparing')).toBe(
      'Error preparing message, please retry!',
    );
    expect(signInFailureMessage({ kind: 'rate-limited', retryAfterSeconds: 30 }, 'preparing')).toBe(
      'Error preparing message, please retry!',
    );
    expect(signInFailureMessage({ kind: 'rejected' }, 'signing')).toBe(
      'Error signing message, please retry!',
    );
    expect(signInFailureMessage({ kind: 'signing' }, 'signing')).toBe(
      'Error signing message, please retry!',
    );
    expect(signInFailureMessage({ kind: 'invalid-signature' }, 'verifying')).toBe(
      'Error verifying signature, please retry!',
    );
    expect(signInFailureMessage({ kind: 'unexpected' }, 'verifying')).toBe(
      'Oops, something went wrong!',
    );
  });
});
