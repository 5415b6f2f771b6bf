import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AccountRow } from '../accounts/account-store.js';
import type { Db } from '../store/database.js';
import { preparedQuery } from '../store/prepared-query.js';
import { isSessionLive, type SessionLifetimes } from './session-lifetimes.js';
import type { SessionsTable } from './session-table.js';
import { generateSessionToken, hashSessionToken } from './session-token.js';

export type SessionRow = SessionsTable;

export async function createSession(
  db: Db,
  p: {
    accountId: string;
    /** The wallet that signed in; none for a passkey's sign-in. */
    wallet: { id: string; address: string } | null;
    /** The passkey that signed in (docs/passkeys.md); absent for a wallet's. */
    passkeyId?: string;
    /** The EVM chain id of the sign-in; null for a Solana one. */
    chainId: number | null;
    /** The sign-in's CAIP-2 chain: needed when chainId is null. */
    chain?: string;
    userAgent: string | null;
    now: number;
    lifetimes: SessionLifetimes;
  },
): Promise<{ session: SessionRow; token: string }> {
  const token = generateSessionToken();
  const session: SessionRow = {
    id: randomUUID(),
    account_id: p.accountId,
    wallet_id: p.wallet?.id ?? null,
    address: p.wallet?.address ?? null,
    method: p.passkeyId === undefined ? 'wallet' : 'passkey',
    passkey_id: p.passkeyId ?? null,
    token_hash: hashSessionToken(token),
    chain_id: p.chainId,
    // Only a session without an EVM chain id keeps its chain (accounts/row-chain.ts).
    chain: p.chainId === null ? (p.chain ?? null) : null,
    user_agent: p.userAgent,
    created_at: p.now,
    last_seen_at: p.now,
    expires_at: p.now + p.lifetimes.maxAgeSeconds * 1000,
    ended_at: null,
    end_reason: null,
  };
  await db.insertInto('sessions').values(session).execute();
  return { session, token };
}

/**
 * Every authenticated request runs it, so it is one statement, built once
 * (store/prepared-query.ts): the session, with its account and the account's
 * primary address, which `me` answers from. `is_primary = 1` is a literal
 * (see accounts/account-store.ts).
 */
const sessionByTokenHash = preparedQuery<
  { tokenHash: string },
  SessionRow & { account_address: string; account_created_at: number }
>(
  (db, arg) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .innerJoin('wallets as p', (join) =>
        join.onRef('p.account_id', '=', 's.account_id').on('p.is_primary', '=', sql.lit(1)),
      )
      .selectAll('s')
      .select(['p.address as account_address', 'a.created_at as account_created_at'])
      .where('s.token_hash', '=', arg('tokenHash')),
  // Until the next write: ending a session is one (store/read-cache.ts).
  { cached: true },
);

/** A live session and its account as they were when it was looked up. */
export type LiveSession = { session: SessionRow; account: AccountRow };

/** The live session a cookie token belongs to, with its account; or undefined. */
export async function findLiveSessionWithAccount(
  db: Db,
  p: { token: string; now: number; lifetimes: SessionLifetimes },
): Promise<LiveSession | undefined> {
  const row = await sessionByTokenHash.first(db, { tokenHash: hashSessionToken(p.token) });
  if (!row) return undefined;
  const { account_address, account_created_at, ...session } = row;
  if (!isSessionLive(session, p.now, p.lifetimes)) return undefined;
  return {
    session,
    account: { id: session.account_id, address: account_address, created_at: account_created_at },
  };
}

/** The live session a cookie token belongs to, or undefined. */
export async function findLiveSessionByToken(
  db: Db,
  p: { token: string; now: number; lifetimes: SessionLifetimes },
): Promise<SessionRow | undefined> {
  return (await findLiveSessionWithAccount(db, p))?.session;
}

export async function findSessionById(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Records activity. Writes at most once per `resolutionMs`, so a busy tab does
 * not turn every request into a write; the idle timeout is coarse by that much.
 */
export async function touchSession(
  db: Db,
  p: { session: SessionRow; now: number; resolutionMs: number },
): Promise<SessionRow> {
  if (p.now - p.session.last_seen_at < p.resolutionMs) return p.session;
  await db
    .updateTable('sessions')
    .set({ last_seen_at: p.now })
    .where('id', '=', p.session.id)
    .where('ended_at', 'is', null)
    .execute();
  return { ...p.session, last_seen_at: p.now };
}

export async function listLiveSessions(
  db: Db,
  p: { accountId: string; now: number; lifetimes: SessionLifetimes },
): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .selectAll()
    .where('account_id', '=', p.accountId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', p.now)
    .where('last_seen_at', '>', p.now - p.lifetimes.idleTimeoutSeconds * 1000)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows;
}

/**
 * Ends a live session now. Returns the ended row, or undefined when there was
 * nothing to end (unknown, already ended, or — with accountId — not that account's).
 */
export async function endSession(
  db: Db,
  p: { id: string; accountId?: string; reason: 'SIGNED_OUT' | 'REVOKED'; now: number },
): Promise<SessionRow | undefined> {
  let query = db
    .updateTable('sessions')
    .set({ ended_at: p.now, end_reason: p.reason })
    .where('id', '=', p.id)
    .where('ended_at', 'is', null);
  if (p.accountId !== undefined) query = query.where('account_id', '=', p.accountId);
  return query.returningAll().executeTakeFirst();
}

/**
 * Ends every live session a wallet started (it is being unlinked) and
 * returns them, for the events that close their sockets.
 */
export async function endSessionsOfWallet(
  db: Db,
  p: { walletId: string; now: number },
): Promise<SessionRow[]> {
  return db
    .updateTable('sessions')
    .set({ ended_at: p.now, end_reason: 'REVOKED' })
    .where('wallet_id', '=', p.walletId)
    .where('ended_at', 'is', null)
    .returningAll()
    .execute();
}

/**
 * Ends every live session a passkey opened (it is being removed) and
 * returns them, for the events that close their sockets.
 */
export async function endSessionsOfPasskey(
  db: Db,
  p: { passkeyId: string; now: number },
): Promise<SessionRow[]> {
  return db
    .updateTable('sessions')
    .set({ ended_at: p.now, end_reason: 'REVOKED' })
    .where('passkey_id', '=', p.passkeyId)
    .where('ended_at', 'is', null)
    .returningAll()
    .execute();
}
