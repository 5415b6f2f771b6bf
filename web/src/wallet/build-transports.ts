import { type HttpTransport, http } from 'viem';
import type { RuntimeChain } from '../app/runtime-config';

/** docs/web-app.md: a 10 s timeout per request, up to 1000 JSON-RPC calls per HTTP batch. */
export const chainTransportOptions = { timeout: 10_000, batch: { batchSize: 1_000 } } as const;

/**
 * One HTTP transport per chain, always with its configured URL: `http()` without one
 * would silently use the chain's public endpoint.
 */
export function buildTransports(chains: readonly RuntimeChain[]): Record<number, HttpTransport> {
  return Object.fromEntries(
    chains.map((chain) => [chain.id, http(chain.rpcUrl, chainTransportOptions)]),
  );
}
