/**
 * Whether this browser can use passkeys at all (WebAuthn), read without
 * loading the WebAuthn chunk: a browser without `PublicKeyCredential` gets
 * words for it, not a ceremony that cannot start.
 */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
