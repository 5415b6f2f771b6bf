import { SCOPE_CLAIMS } from './account-claims.js';

/** The scopes an authorization request asks for that Sigil offers, each once. */
export function requestedScopes(scope: unknown): string[] {
  const offered = new Set(['openid', 'offline_access', ...Object.keys(SCOPE_CLAIMS)]);
  const asked = typeof scope === 'string' ? scope.split(' ') : [];
  return [...new Set(asked.filter((s) => offered.has(s)))];
}
