import type { FastifyRequest } from 'fastify';
import type { AccountRow } from '../accounts/account-store.js';
import type { Services } from '../services.js';
import { readSessionToken } from './session-cookie.js';
import { sessionLifetimes } from './session-lifetimes.js';
import { findLiveSessionWithAccount, type SessionRow, touchSession } from './session-store.js';

/** What resolveSession reads of the services. */
export type ResolveSessionServices = Pick<Services, 'clock' | 'config' | 'db'>;

/** How often a session's last-seen time is written: the idle timeout's resolution. */
export function touchResolutionMs(services: Pick<Services, 'config'>): number {
  return Math.min(60_000, (services.config.sessionIdleTimeoutSeconds * 1000) / 10);
}

export type ResolvedSession = {
  token: string | undefined;
  session: SessionRow | undefined;
  /** The session's account, read in the same statement. */
  account: AccountRow | undefined;
};

/** The live session a request's cookie names, recording the activity; or nothing. */
export async function resolveSession(
  services: ResolveSessionServices,
  request: Pick<FastifyRequest, 'cookies'>,
): Promise<ResolvedSession> {
  const token = readSessionToken(services.config, request);
  if (!token) return { token, session: undefined, account: undefined };
  const { config, db, clock } = services;
  const now = clock();
  const found = await findLiveSessionWithAccount(db, {
    token,
    now,
    lifetimes: sessionLifetimes(config),
  });
  if (!found) return { token, session: undefined, account: undefined };
  const session = await touchSession(db, {
    session: found.session,
    now,
    resolutionMs: touchResolutionMs(services),
  });
  return { token, session, account: found.account };
}
