import type { BrowserContext } from 'playwright-core';

/**
 * Aborts every request and websocket of the context to a host that is not
 * local (localhost, 127.0.0.1, ::1), and records its URL: the bench times the
 * app against its own server and chain only, and reports what it tried to reach.
 */
export type OutsideRequests = { readonly blocked: string[] };

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const NETWORK_PROTOCOLS = new Set(['http:', 'https:', 'ws:', 'wss:']);

export async function blockOutsideHosts(context: BrowserContext): Promise<OutsideRequests> {
  const blocked: string[] = [];
  const isOutside = (url: URL) =>
    NETWORK_PROTOCOLS.has(url.protocol) && !LOCAL_HOSTNAMES.has(url.hostname);
  await context.route(isOutside, (route) => {
    blocked.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  await context.routeWebSocket(isOutside, (socket) => {
    blocked.push(socket.url());
    return socket.close({ code: 1008, reason: 'outside host blocked by the bench' });
  });
  return { blocked };
}
