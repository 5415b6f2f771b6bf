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

/**
 * Deletes up to `batchSize` nonces that can no longer be used (used, or
 * expired) and returns how many. Nothing needs them afterwards: an unknown
 * nonce is refused with the same INVALID_NONCE as a used or expired one.
 * Bounded, so a backlog is cleared in short write transactions (housekeeping
 * repeats until a batch comes back short); idempotent, so instances sharing
 * a database may run it at the same time.
 */
export async function deleteStaleNonces(
  db: Db,
  { now, batchSize = 1000 }: { now: number; batchSize?: number },
): Promise<number> {
  const result = await db
    .deleteFrom('nonces')
    .where('value', 'in', (eb) =>
      eb
        .selectFrom('nonces')
        .select('value')
        .where((inner) =>
          inner.or([inner('expires_at', '<=', now), inner('consumed_at', 'is not', null)]),
        )
        .limit(batchSize),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
