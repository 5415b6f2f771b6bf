import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG, base64url: the cookie value. Never stored. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token: a leak of it signs nobody in. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
