import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import type { OutsideHostGuard } from '../../../testing/block-outside-hosts.js';

/**
 * A stand-in for the WalletConnect network (relay, verify and telemetry
 * hosts), which cannot be reached from here. It answers the relay's JSON-RPC
 * over the websocket just enough for a dapp to create a pairing and show its
 * `wc:` URI as a QR code; no wallet ever answers, so no session is made.
 *
 * Registered after the outside-host guard, so WalletConnect's hosts reach
 * this instead of being blocked: they are the hosts an operator configures by
 * setting WALLETCONNECT_PROJECT_ID. Every other host stays blocked.
 */
export type WalletConnectStandIn = {
  /** URLs of WalletConnect hosts the page reached (served here, never the internet). */
  readonly served: string[];
  /** Relay methods the page called, in order (`irn_subscribe`, `irn_publish`, …). */
  readonly relayCalls: string[];
};

const WALLETCONNECT_HOST = /(^|\.)(walletconnect\.(org|com)|reown\.com|web3modal\.(org|com))$/i;

type RelayRequest = { id: number; jsonrpc: string; method: string; params?: unknown };

function relayResult(request: RelayRequest): unknown {
  switch (request.method) {
    case 'irn_subscribe':
      return randomBytes(32).toString('hex');
    case 'irn_batchSubscribe': {
      const topics = (request.params as { topics?: string[] } | undefined)?.topics ?? [];
      return topics.map(() => randomBytes(32).toString('hex'));
    }
    case 'irn_batchFetchMessages':
      return { messages: [], hasMore: false };
    default:
      // irn_publish, irn_unsubscribe, …: accepted, and nobody is listening.
      return true;
  }
}

export async function standInForWalletConnect(
  context: BrowserContext,
  guard: OutsideHostGuard,
): Promise<WalletConnectStandIn> {
  const served: string[] = [];
  const relayCalls: string[] = [];
  const isWalletConnect = (url: URL) => WALLETCONNECT_HOST.test(url.hostname);
  guard.exempt(isWalletConnect);

  await context.route(isWalletConnect, (route) => {
    served.push(route.request().url());
    return route.fulfill({ status: 404, contentType: 'application/json', body: '{}' });
  });
  await context.routeWebSocket(isWalletConnect, (socket) => {
    served.push(socket.url());
    socket.onMessage((message) => {
      let request: RelayRequest;
      try {
        request = JSON.parse(String(message)) as RelayRequest;
      } catch {
        return;
      }
      if (typeof request.method !== 'string') return;
      relayCalls.push(request.method);
      socket.send(JSON.stringify({ id: request.id, jsonrpc: '2.0', result: relayResult(request) }));
    });
  });
  return { served, relayCalls };
}
