/**
 * One JSON-RPC call over HTTP, as the test wallet and the set-ups make them to
 * a Hardhat node. A JSON-RPC error keeps its code, which EIP-1193 callers
 * branch on (4001 rejected, 4902 unknown chain, …).
 */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

export async function jsonRpc(
  url: string,
  method: string,
  params: unknown[] = [],
  signal?: AbortSignal,
): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    ...(signal && { signal }),
  });
  const body = (await response.json()) as {
    result?: unknown;
    error?: { code: number; message: string };
  };
  if (body.error) throw new JsonRpcError(body.error.code, `${method}: ${body.error.message}`);
  return body.result;
}
