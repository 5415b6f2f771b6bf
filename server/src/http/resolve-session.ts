import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.js';
import { sessionLifetimes } from '../sessions/session-lifetimes.js';
import {
  findLiveSessionByToken,
  type SessionRow,
  touchSession,
} from '../sessions/session-store.js';
import { readSessionToken } from './cookies.js';

/** How often a session's last-seen time is written: the idle timeout's resolution. */
export function touchResolutionMs(services: Services): number {
  return Math.min(60_000, (services.config.sessionIdleTimeoutSeconds * 1000) / 10);
}

/** The live session a request's cookie names, recording the activity; or nothing. */
export async function resolveSession(
  services: Services,
  request: Pick<FastifyRequest, 'cookies'>,
): Promise<{ token: string | undefined; session: SessionRow | undefined }> {
  const token = readSessionToken(services.config, request);
  if (!token) return { token, session: undefined };
  const { config, db, clock } = services;
  const now = clock();
  const found = await findLiveSessionByToken(db, {
    token,
    now,
    lifetimes: sessionLifetimes(config),
  });
  const session = found
    ? await touchSession(db, { session: found, now, resolutionMs: touchResolutionMs(services) })
    : undefined;
  return { token, session };
}
