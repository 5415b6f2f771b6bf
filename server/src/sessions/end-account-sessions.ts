import type { Db } from '../store/database.js';
import { liveSessionsOfAccount } from './live-sessions-of-account.js';
import type { SessionLifetimes } from './session-lifetimes.js';
import type { SessionRow } from './session-store.js';

/**
 * Ends every live session of an account at `now` and returns them, for the
 * events that close their sockets. Live as sessions/session-lifetimes.ts
 * `isSessionLive` says: a session that already expired is over and is not
 * counted again.
 */
export async function endLiveSessionsOfAccount(
  db: Db,
  p: { accountId: string; now: number; lifetimes: SessionLifetimes },
): Promise<SessionRow[]> {
  return db
    .updateTable('sessions')
    .set({ ended_at: p.now, end_reason: 'REVOKED' })
    .where(liveSessionsOfAccount(p))
    .returningAll()
    .execute();
}
