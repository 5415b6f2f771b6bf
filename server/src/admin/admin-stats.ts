import { sql } from 'kysely';
import { BadUserInputError } from '../errors.js';
import type { SessionLifetimes } from '../sessions/session-lifetimes.js';
import type { Db } from '../store/database.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SIGN_INS_BY_DAY_MAX = 365;

const count = async (query: Promise<{ count: number | string } | undefined>) =>
  Number((await query)?.count ?? 0);

export async function countAccounts(db: Db): Promise<number> {
  return count(
    db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirst(),
  );
}

/** Live sessions: the SQL form of sessions/session-lifetimes.ts `isSessionLive`. */
export async function countLiveSessions(
  db: Db,
  now: number,
  lifetimes: SessionLifetimes,
): Promise<number> {
  return count(
    db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('ended_at', 'is', null)
      .where('expires_at', '>', now)
      .where('last_seen_at', '>', now - lifetimes.idleTimeoutSeconds * 1000)
      .executeTakeFirst(),
  );
}

export async function countSignInsSince(db: Db, since: number): Promise<number> {
  return count(
    db
      .selectFrom('sign_ins')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('at', '>', since)
      .executeTakeFirst(),
  );
}

export type DailyCount = { day: string; count: number };

/**
 * Sign-ins per UTC day over the last `days` days (today included), oldest
 * first, a day without sign-ins as 0. One grouped statement: integer
 * division of the epoch milliseconds by a day's length is the UTC day number
 * on SQLite and PostgreSQL alike (both divide integers as integers); the
 * days are named and the gaps filled here.
 */
export async function signInsByDay(db: Db, now: number, days: number): Promise<DailyCount[]> {
  if (!Number.isInteger(days) || days < 1 || days > SIGN_INS_BY_DAY_MAX) {
    throw new BadUserInputError(`days must be between 1 and ${SIGN_INS_BY_DAY_MAX}.`);
  }
  const today = Math.floor(now / DAY_MS);
  const first = today - days + 1;
  const dayNumber = sql<number | string>`${sql.ref('at')} / ${sql.lit(DAY_MS)}`;
  const rows = await db
    .selectFrom('sign_ins')
    .select([dayNumber.as('day'), (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('at', '>=', first * DAY_MS)
    .where('at', '<', (today + 1) * DAY_MS)
    .groupBy(dayNumber)
    .execute();
  const counts = new Map(rows.map((row) => [Number(row.day), Number(row.count)]));
  return Array.from({ length: days }, (_, index) => {
    const day = first + index;
    return {
      day: new Date(day * DAY_MS).toISOString().slice(0, 10),
      count: counts.get(day) ?? 0,
    };
  });
}
