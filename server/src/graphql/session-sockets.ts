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
 * How long a socket may take to deliver the event that ends its session before
 * it is closed anyway: a bound for an operation that never ends, never a wait.
 * A socket is closed as soon as its operations have ended, and an
 * `accountEvents` stream ends right after delivering that event
 * (events/until-session-ends.ts), so on a busy machine the event still comes
 * first, where a fixed grace of a few milliseconds could run out before it.
 */
const CLOSE_BOUND_MS = 1000;

/**
 * Which open websockets belong to which session, so ending a session (here or
 * on another instance, through the events bus) closes its sockets at once,
 * and a session that expires closes them when it does.
 */
export function createSessionSockets(
  services: Pick<Services, 'clock' | 'config' | 'db' | 'events' | 'logger'>,
) {
  const bySession = new Map<string, Set<WebSocket>>();
  const timers = new Map<WebSocket, NodeJS.Timeout>();
  /** Each socket's operations under way, and what waits for them to end. */
  const operations = new Map<WebSocket, { running: number; whenIdle: (() => void)[] }>();
  const lifetimes = sessionLifetimes(services.config);

  function operationsOf(socket: WebSocket) {
    let entry = operations.get(socket);
    if (!entry) {
      entry = { running: 0, whenIdle: [] };
      operations.set(socket, entry);
    }
    return entry;
  }

  /** Closes a socket once its operations have delivered what they had (at most CLOSE_BOUND_MS). */
  function closeWhenDelivered(socket: WebSocket, code: number, reason: string) {
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearTimeout(bound);
      socket.close(code, reason);
    };
    const bound = setTimeout(close, CLOSE_BOUND_MS);
    const entry = operationsOf(socket);
    // After this turn: the ending event may still be on its way to the operation.
    setImmediate(() => {
      if (entry.running === 0) close();
      else entry.whenIdle.push(close);
    });
  }

  function closeSession(sessionId: string, reason: string, code = SESSION_ENDED_CLOSE_CODE) {
    for (const socket of bySession.get(sessionId) ?? []) closeWhenDelivered(socket, code, reason);
  }

  /** Closes one socket whose session was found ended, after what it was last sent. */
  function endSocket(socket: WebSocket, reason: string) {
    closeWhenDelivered(socket, SESSION_ENDED_CLOSE_CODE, reason);
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
        operations.delete(socket);
        sockets.delete(socket);
        if (sockets.size === 0) bySession.delete(session.id);
      });
    },
    /** An operation (a subscription, or a query over the socket) started on this socket. */
    operationStarted(socket: WebSocket) {
      operationsOf(socket).running += 1;
    },
    /** It ended, having sent all it had: a close waiting for the socket's operations may go. */
    operationEnded(socket: WebSocket) {
      const entry = operations.get(socket);
      if (!entry || entry.running === 0) return;
      entry.running -= 1;
      if (entry.running === 0) for (const close of entry.whenIdle.splice(0)) close();
    },
    endSocket,
    /** How many sockets are open, for tests and metrics. */
    count: () => [...bySession.values()].reduce((sum, set) => sum + set.size, 0),
    listening,
  };
}

export type SessionSockets = ReturnType<typeof createSessionSockets>;
