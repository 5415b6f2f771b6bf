/**
 * What one client may hold open at once over websockets. Each bound keeps one
 * client from taking an instance's memory and file descriptors for itself;
 * the creation rate is bounded separately (RATE_LIMIT_PER_MINUTE upgrades per
 * client per minute), so these only cap what stays open.
 */
export const SOCKET_LIMITS = {
  /** Open sockets per session: every tab of a browser, with room to spare. */
  perSession: 16,
  /** Open sockets per client address, signed in or not (anonymous sockets included). */
  perClient: 256,
  /** Operations in flight on one socket; the app needs one. */
  operationsPerSocket: 32,
} as const;

/** Counts open sockets per client address. */
export function createClientSocketCounter() {
  const open = new Map<string, number>();
  return {
    count: (client: string) => open.get(client) ?? 0,
    /** Counts a socket until it closes. */
    track(client: string, socket: { once(event: 'close', listener: () => void): unknown }) {
      open.set(client, (open.get(client) ?? 0) + 1);
      socket.once('close', () => {
        const left = (open.get(client) ?? 1) - 1;
        if (left > 0) open.set(client, left);
        else open.delete(client);
      });
    },
  };
}
