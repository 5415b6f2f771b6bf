import * as crypto from 'node:crypto';

/** 256 bits from the CSPRNG, base64url: the cookie value. Never stored. */
export function generateSessionToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

// Every authenticated request hashes its cookie: the one-shot crypto.hash
// (Node 20.12 and later) skips building a Hash object; older 20.x builds one.
const sha256Hex: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');

/** What the database keeps instead of the token: a leak of it signs nobody in. */
export function hashSessionToken(token: string): string {
  return sha256Hex(token);
}
