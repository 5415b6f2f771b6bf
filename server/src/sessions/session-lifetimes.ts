import type { Config } from '../config/load-config.js';
import type { SessionsTable } from './session-table.js';

export type SessionLifetimes = { maxAgeSeconds: number; idleTimeoutSeconds: number };

/** The lifetimes the configuration sets (SESSION_MAX_AGE, SESSION_IDLE_TIMEOUT). */
export function sessionLifetimes(
  config: Pick<Config, 'sessionMaxAgeSeconds' | 'sessionIdleTimeoutSeconds'>,
): SessionLifetimes {
  return {
    maxAgeSeconds: config.sessionMaxAgeSeconds,
    idleTimeoutSeconds: config.sessionIdleTimeoutSeconds,
  };
}

/** A session is live until it is ended, its absolute end passes, or it idles too long. */
export function sessionEndsAt(row: SessionsTable, lifetimes: SessionLifetimes): number {
  return Math.min(row.expires_at, row.last_seen_at + lifetimes.idleTimeoutSeconds * 1000);
}

export function isSessionLive(
  row: SessionsTable,
  now: number,
  lifetimes: SessionLifetimes,
): boolean {
  return row.ended_at === null && sessionEndsAt(row, lifetimes) > now;
}
