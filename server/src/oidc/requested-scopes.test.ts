import { describe, expect, it } from 'vitest';
import { requestedScopes } from './requested-scopes.js';

describe('requestedScopes', () => {
  it('keeps the scopes Sigil offers, each once, in the order asked', () => {
    expect(requestedScopes('wallets openid profile openid offline_access')).toEqual([
      'wallets',
      'openid',
      'profile',
      'offline_access',
    ]);
  });

  it('drops the scopes Sigil does not offer', () => {
    expect(requestedScopes('openid email admin')).toEqual(['openid']);
  });

  it('answers none for a scope parameter that is not text', () => {
    expect(requestedScopes(undefined)).toEqual([]);
    expect(requestedScopes(['openid'])).toEqual([]);
  });
});
