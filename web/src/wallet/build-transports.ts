import { type HttpTransport, http } from 'viem';
import type { RuntimeChain } from '../app/runtime-config';
import { createRpcBackoff, type RpcBackoff } from './rpc-backoff';
import { withRpcBackoff } from './with-rpc-backoff';

/**
 * docs/web-app.md: a 10 s timeout per request, up to 100 JSON-RPC calls per HTTP batch (the
 * most the server's /rpc/<id> takes in one request), and no retry: a chain whose endpoint did
 * not answer is asked again a minute later (rpc-backoff.ts).
 */
export const chainTransportOptions = {
  timeout: 10_000,
  batch: { batchSize: 100 },
  retryCount: 0,
} as const;

/**
 * One HTTP transport per chain, always with its configured URL: `http()` without one
 * would silently use the chain's public endpoint. They share one backoff, which keeps
 * what each chain's endpoint last did.
 */
export function buildTransports(
  chains: readonly RuntimeChain[],
  backoff: RpcBackoff = createRpcBackoff(),
): Record<number, HttpTransport> {
  return Object.fromEntries(
    chains.map((chain) => [
      chain.id,
      withRpcBackoff(http(chain.rpcUrl, chainTransportOptions), chain.id, backoff),
    ]),
  );
}
