import type { BrowserContext } from 'playwright-core';

/**
 * Aborts every request and websocket from the context's pages to a host that
 * is not allowed, and records its URL. It also records requests the page's
 * Content-Security-Policy stopped before they left, since those never reach
 * the network: an attempt is an attempt. The end-to-end suite asserts the
 * record is empty (Sigil must not reach a host the operator did not
 * configure: WalletConnect, public RPCs, analytics, fonts, …); the benches
 * list it, and measure the app against its own server and chain only.
 */
export type OutsideHostGuard = {
  /** URLs the pages tried to reach outside the allowed hosts, in order. */
  readonly attempted: string[];
  /**
   * Stops counting URLs that match: for hosts a named stand-in serves (which
   * registers its own routes after the guard's, so they take precedence).
   */
  exempt(isServedByStandIn: (url: URL) => boolean): void;
};

export type BlockOutsideHostsParameters = {
  /** The `host:port`s pages may reach. @default any port of localhost, 127.0.0.1 and [::1] */
  allowedHosts?: readonly string[];
};

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const NETWORK_PROTOCOLS = new Set(['http:', 'https:', 'ws:', 'wss:']);
const CSP_BINDING = '__sigilCspViolation';

export async function blockOutsideHosts(
  context: BrowserContext,
  parameters: BlockOutsideHostsParameters = {},
): Promise<OutsideHostGuard> {
  const allowed = parameters.allowedHosts?.map((host) => host.toLowerCase());
  const isAllowed = (url: URL) =>
    allowed ? allowed.includes(url.host.toLowerCase()) : LOOPBACK_HOSTNAMES.has(url.hostname);
  const exemptions: ((url: URL) => boolean)[] = [];
  const attempted: string[] = [];
  const isOutside = (url: URL) =>
    NETWORK_PROTOCOLS.has(url.protocol) &&
    !isAllowed(url) &&
    !exemptions.some((isExempt) => isExempt(url));
  const record = (text: string) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return; // 'inline', 'eval' and the like: not a request to a host.
    }
    if (isOutside(url)) attempted.push(text);
  };

  await context.route(isOutside, (route) => {
    attempted.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  await context.routeWebSocket(isOutside, (socket) => {
    attempted.push(socket.url());
    // Never connectToServer(): the socket stays with us and is closed at once.
    return socket.close({ code: 1008, reason: 'outside host blocked by the test harness' });
  });
  await context.exposeBinding(CSP_BINDING, (_source, blockedUri: string) => record(blockedUri));
  await context.addInitScript({
    content: `window.addEventListener('securitypolicyviolation', (event) => window.${CSP_BINDING}(event.blockedURI), true);`,
  });

  return {
    attempted,
    exempt(isServedByStandIn) {
      exemptions.push(isServedByStandIn);
    },
  };
}

/** The `host:port` forms a page may use for a loopback port. */
export function loopbackHosts(port: number): string[] {
  return [`localhost:${port}`, `127.0.0.1:${port}`];
}
