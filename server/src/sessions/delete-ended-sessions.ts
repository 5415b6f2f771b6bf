import type { Db } from '../store/database.js';
import type { SessionLifetimes } from './session-lifetimes.js';

/**
 * How long a session row is kept after it ended (signed out, revoked,
 * expired or idle). Nothing shows an ended session, but its end event may
 * still be on its way to another instance's subscribers, which load the
 * session it names, and an operator looking into an incident can read it.
 */
export const ENDED_SESSION_RETENTION_MS = 24 * 60 * 60 * 1000;

export type DeleteEndedSessionsParameters = {
  now: number;
  lifetimes: SessionLifetimes;
  /** @default ENDED_SESSION_RETENTION_MS */
  retentionMs?: number;
  /** The most rows one call deletes. @default 500 */
  batchSize?: number;
};

/**
 * Deletes up to `batchSize` sessions that ended more than `retentionMs` ago,
 * by any of the ways a session ends (`session-lifetimes.ts`), and returns
 * how many. Their sign-in records stay: `sign_ins` keeps the session's id
 * without a foreign key, and the account's history reads nothing else of it.
 *
 * Bounded, so a backlog is cleared in short write transactions that never
 * hold SQLite's writer for long; idempotent, so several instances on one
 * database may run it at once (PostgreSQL makes the second wait on the rows
 * the first deletes, then skip them): no lock is needed.
 */
export async function deleteEndedSessions(
  db: Db,
  p: DeleteEndedSessionsParameters,
): Promise<number> {
  const cutoff = p.now - (p.retentionMs ?? ENDED_SESSION_RETENTION_MS);
  const idleCutoff = cutoff - p.lifetimes.idleTimeoutSeconds * 1000;
  const result = await db
    .deleteFrom('sessions')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('id')
        .where((inner) =>
          inner.or([
            inner('ended_at', '<', cutoff),
            inner('expires_at', '<', cutoff),
            inner('last_seen_at', '<', idleCutoff),
          ]),
        )
        .limit(p.batchSize ?? 500),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
