import type { BrowserContext } from 'playwright-core';

/**
 * Aborts every request and websocket from the context's pages to a host that
 * is not one of `allowedHosts` (`host:port`), and records its URL. The suite
 * asserts the record is empty: Sigil must not reach a host the operator did
 * not configure (WalletConnect, public RPCs, analytics, fonts, …).
 */
export type OutsideHostGuard = {
  /** URLs the pages tried to reach outside the allowed hosts, in order. */
  readonly attempted: string[];
};

const NETWORK_PROTOCOLS = new Set(['http:', 'https:', 'ws:', 'wss:']);

export async function guardOutsideHosts(
  context: BrowserContext,
  allowedHosts: readonly string[],
): Promise<OutsideHostGuard> {
  const allowed = new Set(allowedHosts.map((host) => host.toLowerCase()));
  const attempted: string[] = [];
  const isOutside = (url: URL) =>
    NETWORK_PROTOCOLS.has(url.protocol) && !allowed.has(url.host.toLowerCase());

  await context.route(isOutside, (route) => {
    attempted.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  await context.routeWebSocket(isOutside, (socket) => {
    attempted.push(socket.url());
    // Never connectToServer(): the socket stays with us and is closed at once.
    return socket.close({ code: 1008, reason: 'outside host blocked by the e2e suite' });
  });
  return { attempted };
}

/** The `host:port` forms a page may use for a loopback port. */
export function loopbackHosts(port: number): string[] {
  return [`localhost:${port}`, `127.0.0.1:${port}`];
}
