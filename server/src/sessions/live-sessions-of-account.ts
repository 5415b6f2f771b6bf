import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../store/database.js';
import type { SessionLifetimes } from './session-lifetimes.js';

/**
 * `isSessionLive` (session-lifetimes.ts) in SQL, for one account's sessions: not
 * ended, its absolute end and its idle end both still ahead. The one place the
 * rule is written for queries, so ending them all (an administrator's
 * suspension) and ending the oldest beyond MAX_SESSIONS_PER_ACCOUNT count the
 * same sessions as live.
 */
export function liveSessionsOfAccount(p: {
  accountId: string;
  now: number;
  lifetimes: SessionLifetimes;
}) {
  return (eb: ExpressionBuilder<Database, 'sessions'>) =>
    eb.and([
      eb('account_id', '=', p.accountId),
      eb('ended_at', 'is', null),
      eb('expires_at', '>', p.now),
      eb('last_seen_at', '>', p.now - p.lifetimes.idleTimeoutSeconds * 1000),
    ]);
}
