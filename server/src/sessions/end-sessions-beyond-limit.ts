import type { Db } from '../store/database.js';
import { liveSessionsOfAccount } from './live-sessions-of-account.js';
import type { SessionLifetimes } from './session-lifetimes.js';
import type { SessionRow } from './session-store.js';

/**
 * Ends an account's oldest live sessions so that at most `limit` stay live
 * (MAX_SESSIONS_PER_ACCOUNT, docs/sign-in.md), and returns the ones it ended,
 * for the events that close their sockets. Oldest is by the time a session
 * started; sessions that started at the same millisecond are ordered by id,
 * so the choice is the same on both databases. Two statements whatever the
 * surplus: the newest session that stays marks where the ending starts, so an
 * operator who lowers the limit has every surplus ended by the next sign-in.
 */
export async function endSessionsBeyondLimit(
  db: Db,
  p: { accountId: string; limit: number; now: number; lifetimes: SessionLifetimes },
): Promise<SessionRow[]> {
  const live = liveSessionsOfAccount(p);
  const lastKept = await db
    .selectFrom('sessions')
    .select(['created_at', 'id'])
    .where(live)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(p.limit - 1)
    .executeTakeFirst();
  if (!lastKept) return [];
  return db
    .updateTable('sessions')
    .set({ ended_at: p.now, end_reason: 'REVOKED' })
    .where(live)
    .where((eb) =>
      eb.or([
        eb('created_at', '<', lastKept.created_at),
        eb.and([eb('created_at', '=', lastKept.created_at), eb('id', '<', lastKept.id)]),
      ]),
    )
    .returningAll()
    .execute();
}
