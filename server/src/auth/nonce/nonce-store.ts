import { randomBytes } from 'node:crypto';
import type { Db } from '../../store/database.js';

export type IssuedNonce = { value: string; createdAt: number; expiresAt: number };

/**
 * 128 bits from the CSPRNG, hex-encoded: alphanumeric as EIP-4361 requires.
 * (viem's generateSiweNonce uses Math.random and must not be used here.)
 */
export function generateNonceValue(): string {
  return randomBytes(16).toString('hex');
}

export async function createNonce(
  db: Db,
  { now, ttlSeconds }: { now: number; ttlSeconds: number },
): Promise<IssuedNonce> {
  const nonce = { value: generateNonceValue(), createdAt: now, expiresAt: now + ttlSeconds * 1000 };
  await db
    .insertInto('nonces')
    .values({ value: nonce.value, created_at: nonce.createdAt, expires_at: nonce.expiresAt })
    .execute();
  return nonce;
}

/**
 * Marks the nonce used and returns it, or undefined when it is unknown or was
 * already used. One UPDATE … WHERE consumed_at IS NULL is atomic on SQLite and
 * PostgreSQL alike: of any number of concurrent attempts exactly one gets the
 * row. An expired nonce is consumed too and returned, so the caller can say why.
 */
export async function consumeNonce(
  db: Db,
  { value, now }: { value: string; now: number },
): Promise<IssuedNonce | undefined> {
  const row = await db
    .updateTable('nonces')
    .set({ consumed_at: now })
    .where('value', '=', value)
    .where('consumed_at', 'is', null)
    .returning(['value', 'created_at', 'expires_at'])
    .executeTakeFirst();
  return row && { value: row.value, createdAt: row.created_at, expiresAt: row.expires_at };
}

/** Drops nonces that can no longer be used; run periodically. */
export async function deleteStaleNonces(db: Db, { now }: { now: number }): Promise<number> {
  const result = await db
    .deleteFrom('nonces')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('consumed_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
