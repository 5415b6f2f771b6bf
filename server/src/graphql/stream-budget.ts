import type { SocketLimit } from '../metrics/metrics.js';
import { SOCKET_LIMITS } from './socket-limits.js';

/**
 * What one client and one session hold open at once, websockets and
 * server-sent event streams together: one budget per session (16) and one
 * per client address (256), because a browser tab holds one or the other and
 * a person expects "16 open tabs" whichever it is (docs/operations.md,
 * "Limits"). A Map of counts per key; no library keeps live counts released
 * by a close event, and this is all it takes.
 */
export function createStreamBudget(
  limits: Pick<typeof SOCKET_LIMITS, 'perClient' | 'perSession'> = SOCKET_LIMITS,
) {
  const perClient = new Map<string, number>();
  const perSession = new Map<string, number>();

  const add = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };

  return {
    /** The bound one more stream would break, if any: the client's first, then the session's. */
    refusal(client: string, sessionId: string | undefined): SocketLimit | undefined {
      if ((perClient.get(client) ?? 0) >= limits.perClient) return 'sockets_per_client';
      if (sessionId && (perSession.get(sessionId) ?? 0) >= limits.perSession) {
        return 'sockets_per_session';
      }
      return undefined;
    },
    /** Counts one stream until the returned release is called (once is enough; more do nothing). */
    hold(client: string, sessionId: string | undefined): () => void {
      add(perClient, client, 1);
      if (sessionId) add(perSession, sessionId, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        add(perClient, client, -1);
        if (sessionId) add(perSession, sessionId, -1);
      };
    },
  };
}

export type StreamBudget = ReturnType<typeof createStreamBudget>;

/** What a refusal says, for a person reading it. */
export function refusalMessage(limit: SocketLimit): string {
  return limit === 'sockets_per_client'
    ? `At most ${SOCKET_LIMITS.perClient} websockets and event streams may be open per client.`
    : `At most ${SOCKET_LIMITS.perSession} websockets and event streams may be open per session.`;
}
