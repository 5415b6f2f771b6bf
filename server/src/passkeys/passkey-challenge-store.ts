import { randomBytes, randomUUID } from 'node:crypto';
import { InvalidNonceError } from '../errors.js';
import type { Db } from '../store/database.js';
import type { PasskeyChallengePurpose, PasskeyChallengesTable } from './passkey-tables.js';

/** How long a ceremony's challenge stays usable (docs/passkeys.md). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type PasskeyChallenge = Pick<
  PasskeyChallengesTable,
  'id' | 'purpose' | 'challenge' | 'session_id' | 'expires_at'
>;

/**
 * Issues a challenge for one ceremony: 32 bytes from the CSPRNG, base64url,
 * as WebAuthn's JSON carries it. Stored as a nonce is (auth/nonce/nonce-store.ts).
 */
export async function createPasskeyChallenge(
  db: Db,
  p: { purpose: PasskeyChallengePurpose; sessionId: string | null; now: number },
): Promise<PasskeyChallenge> {
  const row: PasskeyChallengesTable = {
    id: randomUUID(),
    purpose: p.purpose,
    challenge: randomBytes(32).toString('base64url'),
    session_id: p.sessionId,
    created_at: p.now,
    expires_at: p.now + PASSKEY_CHALLENGE_TTL_MS,
    consumed_at: null,
  };
  await db.insertInto('passkey_challenges').values(row).execute();
  return row;
}

/**
 * Uses up a challenge and returns it; INVALID_NONCE when it is unknown, used,
 * expired, or was issued for another ceremony or (a registration's) another
 * session. One UPDATE … WHERE consumed_at IS NULL, so of concurrent answers
 * exactly one gets it, as with nonces. It is consumed whatever happens next:
 * a response that then fails verification cannot be tried again.
 */
export async function consumePasskeyChallenge(
  db: Db,
  p: { id: string; purpose: PasskeyChallengePurpose; sessionId: string | null; now: number },
): Promise<PasskeyChallenge> {
  const row = await db
    .updateTable('passkey_challenges')
    .set({ consumed_at: p.now })
    .where('id', '=', p.id)
    .where('consumed_at', 'is', null)
    .returning(['id', 'purpose', 'challenge', 'session_id', 'expires_at'])
    .executeTakeFirst();
  if (
    !row ||
    row.expires_at <= p.now ||
    row.purpose !== p.purpose ||
    (p.purpose === 'registration' && row.session_id !== p.sessionId)
  ) {
    throw new InvalidNonceError('This passkey challenge is unknown, used or expired.');
  }
  return row;
}

/** Deletes up to `batchSize` used or expired challenges, as deleteStaleNonces does nonces. */
export async function deleteStalePasskeyChallenges(
  db: Db,
  { now, batchSize = 1000 }: { now: number; batchSize?: number },
): Promise<number> {
  const result = await db
    .deleteFrom('passkey_challenges')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('passkey_challenges')
        .select('id')
        .where((inner) =>
          inner.or([inner('expires_at', '<=', now), inner('consumed_at', 'is not', null)]),
        )
        .limit(batchSize),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
