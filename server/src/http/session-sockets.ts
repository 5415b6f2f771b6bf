import type { WebSocket } from 'ws';
import type { Services } from '../services.js';
import { isSessionLive, sessionEndsAt, sessionLifetimes } from '../sessions/session-lifetimes.js';
import { findSessionById } from '../sessions/session-store.js';

/** graphql-ws treats 4401 as fatal: the client does not reconnect with a dead cookie. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/**
 * The account was suspended (docs/administration.md): fatal too, and told
 * apart from a plain session end so a client can say why.
 */
export const ACCOUNT_SUSPENDED_CLOSE_CODE = 4403;

/**
 * Lets the session's own socket receive the event that ends it before it
 * closes; still far inside the 1 s promise.
 */
const CLOSE_GRACE_MS = 150;

/**
 * Which open websockets belong to which session, so ending a session (here or
 * on another instance, through the events bus) closes its sockets at once,
 * and a session that expires closes them when it does.
 */
export function createSessionSockets(services: Services) {
  const bySession = new Map<string, Set<WebSocket>>();
  const timers = new Map<WebSocket, NodeJS.Timeout>();
  const lifetimes = sessionLifetimes(services.config);

  function closeSession(sessionId: string, reason: string, code = SESSION_ENDED_CLOSE_CODE) {
    const sockets = bySession.get(sessionId);
    if (!sockets) return;
    setTimeout(() => {
      for (const socket of sockets) socket.close(code, reason);
    }, CLOSE_GRACE_MS);
  }

  /** Closes one socket whose session was found ended, after what it was last sent. */
  function endSocket(socket: WebSocket, reason: string) {
    setTimeout(() => socket.close(SESSION_ENDED_CLOSE_CODE, reason), CLOSE_GRACE_MS);
  }

  function scheduleExpiry(socket: WebSocket, sessionId: string, endsAt: number) {
    // Timers cap at ~24.8 days; a longer wait is re-armed when it fires.
    const delay = Math.min(Math.max(0, endsAt - services.clock()), 2 ** 31 - 1);
    const timer = setTimeout(async () => {
      const session = await findSessionById(services.db, sessionId).catch(() => undefined);
      if (session && isSessionLive(session, services.clock(), lifetimes)) {
        scheduleExpiry(socket, sessionId, sessionEndsAt(session, lifetimes));
      } else {
        socket.close(SESSION_ENDED_CLOSE_CODE, 'Session expired');
      }
    }, delay);
    timer.unref();
    timers.set(socket, timer);
  }

  const listening = (async () => {
    for await (const event of services.events.subscribeSessionEnds()) {
      if (event.type === 'SIGNED_OUT') closeSession(event.sessionId, 'Signed out');
      if (event.type === 'SESSION_REVOKED') closeSession(event.sessionId, 'Session revoked');
      if (event.type === 'ACCOUNT_SUSPENDED') {
        for (const sessionId of event.endedSessionIds ?? []) {
          closeSession(sessionId, 'Account suspended', ACCOUNT_SUSPENDED_CLOSE_CODE);
        }
      }
    }
  })().catch((error) => services.logger.error({ err: error }, 'session socket listener stopped'));

  return {
    add(socket: WebSocket, session: { id: string; endsAt: number }) {
      let sockets = bySession.get(session.id);
      if (!sockets) {
        sockets = new Set();
        bySession.set(session.id, sockets);
      }
      sockets.add(socket);
      scheduleExpiry(socket, session.id, session.endsAt);
      socket.once('close', () => {
        clearTimeout(timers.get(socket));
        timers.delete(socket);
        sockets.delete(socket);
        if (sockets.size === 0) bySession.delete(session.id);
      });
    },
    endSocket,
    /** How many sockets are open, for tests and metrics. */
    count: () => [...bySession.values()].reduce((sum, set) => sum + set.size, 0),
    listening,
  };
}

export type SessionSockets = ReturnType<typeof createSessionSockets>;
