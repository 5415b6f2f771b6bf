import { ApolloError } from '@apollo/client';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { readPasskeyFailure } from './passkey-failure';

const refusal = (code: string, extensions: Record<string, unknown> = {}) =>
  new ApolloError({
    graphQLErrors: [new GraphQLError('refused', { extensions: { code, ...extensions } })],
  });

/** What @simplewebauthn/browser throws: a WebAuthnError named after the browser's DOMException. */
const browserError = (name: string) =>
  Object.assign(new Error('ceremony failed'), {
    name,
    code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
  });

describe('readPasskeyFailure', () => {
  it.each([
    ['PASSKEY_NOT_RECOGNIZED', { kind: 'not-recognised' }],
    ['WALLET_SIGN_IN_REQUIRED', { kind: 'wallet-sign-in-required' }],
    ['INVALID_PASSKEY_RESPONSE', { kind: 'refused' }],
    ['INVALID_NONCE', { kind: 'refused' }],
    ['ACCOUNT_SUSPENDED', { kind: 'suspended' }],
    ['INTERNAL_SERVER_ERROR', { kind: 'other' }],
  ])('reads the server code %s', (code, failure) => {
    expect(readPasskeyFailure(refusal(code))).toEqual(failure);
  });

  it('carries the limit of PASSKEY_LIMIT_REACHED', () => {
    expect(readPasskeyFailure(refusal('PASSKEY_LIMIT_REACHED', { limit: 10 }))).toEqual({
      kind: 'limit-reached',
      limit: 10,
    });
    expect(readPasskeyFailure(refusal('PASSKEY_LIMIT_REACHED'))).toEqual({
      kind: 'limit-reached',
      limit: null,
    });
  });

  it('carries the wait of RATE_LIMITED', () => {
    expect(readPasskeyFailure(refusal('RATE_LIMITED', { retryAfterSeconds: 12.2 }))).toEqual({
      kind: 'rate-limited',
      retryAfterSeconds: 13,
    });
  });

  it.each([
    ['NotAllowedError', 'cancelled'],
    ['AbortError', 'cancelled'],
    ['SecurityError', 'not-allowed-here'],
    ['InvalidStateError', 'already-on-device'],
    ['NotSupportedError', 'unsupported'],
    ['UnknownError', 'other'],
  ])("reads the browser's %s", (name, kind) => {
    expect(readPasskeyFailure(browserError(name))).toEqual({ kind });
  });

  it("reads a DOMException's name through the error's cause", () => {
    const error = new Error('wrapped', {
      cause: Object.assign(new Error(), { name: 'SecurityError' }),
    });
    expect(readPasskeyFailure(error)).toEqual({ kind: 'not-allowed-here' });
  });

  it('calls a plain error, or the library refusing an unsupported browser, other', () => {
    expect(readPasskeyFailure(new Error('WebAuthn is not supported in this browser'))).toEqual({
      kind: 'other',
    });
    expect(readPasskeyFailure('nonsense')).toEqual({ kind: 'other' });
  });
});
