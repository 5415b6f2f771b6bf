import type { Transport } from 'viem';
import type { RpcBackoff } from './rpc-backoff';

/** `transport` for chain `chainId`, each request going through `backoff` (rpc-backoff.ts). */
export function withRpcBackoff<T extends Transport>(
  transport: T,
  chainId: number,
  backoff: RpcBackoff,
): T {
  const wrapped: Transport = (parameters) => {
    const inner = transport(parameters);
    return {
      ...inner,
      request: ((args, options) =>
        backoff.request(chainId, () => inner.request(args, options))) as typeof inner.request,
    };
  };
  return wrapped as T;
}
