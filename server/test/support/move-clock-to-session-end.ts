import { findSessionById } from '../../src/sessions/session-store.js';
import type { TestServer } from './test-server.js';

/**
 * Moves the server's clock to the last millisecond of a session's absolute
 * lifetime (SESSION_MAX_AGE). The server arms its expiry timers (a socket's,
 * a subscription's) from that clock: one armed now waits a millisecond, finds
 * the session still live and arms again, until the test moves the clock on by
 * one; the session then expires when the test says, not when the wall clock
 * does. The absolute end, because the request that opens the stream is
 * activity, which moves the idle end on: with SESSION_IDLE_TIMEOUT equal to
 * SESSION_MAX_AGE, the absolute end comes first.
 */
export async function moveClockToSessionEnd(server: TestServer, sessionId: string): Promise<void> {
  const session = await findSessionById(server.services.db, sessionId);
  if (!session) throw new Error(`no session ${sessionId}`);
  server.clock.set(session.expires_at - 1);
}
