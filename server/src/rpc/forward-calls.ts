import {
  JSON_RPC_CODES,
  type JsonRpcAnswer,
  type JsonRpcCall,
  jsonRpcError,
} from './json-rpc-message.js';
import { MAX_RPC_ANSWER_BYTES, RPC_UPSTREAM_TIMEOUT_MS } from './rpc-limits.js';

/**
 * A chain's endpoint as the server reaches it: RPC_URL_<id> without its user
 * and password, which go in an Authorization header instead (fetch refuses
 * a URL that carries them).
 */
export type Upstream = { url: string; authorization?: string };

export function upstreamOf(rpcUrl: string): Upstream {
  const url = new URL(rpcUrl);
  if (url.username === '' && url.password === '') return { url: url.href };
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  url.username = '';
  url.password = '';
  return { url: url.href, authorization: `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/** The chain's endpoint did not answer, or not in JSON-RPC: 502, or 504 past the deadline. */
export class UpstreamError extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An answer as the client gets it: its own id, and only what JSON-RPC defines. */
function answerFor(call: JsonRpcCall, answer: unknown): JsonRpcAnswer {
  if (isRecord(answer) && 'result' in answer) {
    return { jsonrpc: '2.0', id: call.id, result: answer.result };
  }
  if (isRecord(answer) && isRecord(answer.error)) {
    const { code, message, data } = answer.error;
    return jsonRpcError(
      call.id,
      typeof code === 'number' ? code : JSON_RPC_CODES.internalError,
      typeof message === 'string' ? message : 'The chain answered with an error',
      data,
    );
  }
  return jsonRpcError(call.id, JSON_RPC_CODES.internalError, 'The chain did not answer this call');
}

/**
 * Sends the calls to the chain in one HTTP request, each under an id of
 * Sigil's own (the client's may repeat), and answers them in the client's
 * order with the client's ids. Only the calls and the operator's credentials
 * are sent: no header of the browser's request, its cookies least of all.
 */
export async function forwardCalls(
  upstream: Upstream,
  calls: readonly JsonRpcCall[],
): Promise<JsonRpcAnswer[]> {
  const sent = calls.map((call, index) => ({ ...call, id: index }));
  let response: Response;
  try {
    response = await fetch(upstream.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(upstream.authorization && { authorization: upstream.authorization }),
      },
      body: JSON.stringify(sent.length === 1 ? sent[0] : sent),
      redirect: 'error',
      signal: AbortSignal.timeout(RPC_UPSTREAM_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new UpstreamError(
      timedOut ? 504 : 502,
      timedOut ? 'The chain did not answer in time' : 'The chain could not be reached',
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new UpstreamError(502, `The chain answered HTTP ${response.status}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(await readAtMost(response, MAX_RPC_ANSWER_BYTES));
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    throw new UpstreamError(502, 'The chain did not answer in JSON');
  }
  const answers = Array.isArray(body) ? body : [body];
  const byId = new Map<unknown, unknown>();
  for (const answer of answers) if (isRecord(answer)) byId.set(answer.id, answer);
  return calls.map((call, index) => answerFor(call, byId.get(index)));
}

/** The answer's text, refused past `limit` bytes without reading the rest. */
async function readAtMost(response: Response, limit: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new UpstreamError(502, `The chain answered more than ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
