import { READ_METHODS } from './read-methods.js';

/** A call's id as JSON-RPC 2.0 allows it; null for a call whose id could not be read. */
export type JsonRpcId = string | number | null;

export type JsonRpcCall = { jsonrpc: '2.0'; id: JsonRpcId; method: string; params?: unknown };

export type JsonRpcError = {
  jsonrpc: '2.0';
  id: JsonRpcId;
  error: { code: number; message: string; data?: unknown };
};

export type JsonRpcAnswer = { jsonrpc: '2.0'; id: JsonRpcId } & (
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } }
);

/** JSON-RPC 2.0's codes. */
export const JSON_RPC_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  internalError: -32603,
} as const;

export function jsonRpcError(
  id: JsonRpcId,
  code: number,
  message: string,
  data?: unknown,
): JsonRpcError {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined && { data }) } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idOf(value: unknown): JsonRpcId {
  if (!isRecord(value)) return null;
  const { id } = value;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * One element of a request, judged: a read call to forward, or the error
 * that answers it. Only the four fields are kept, so nothing else the client
 * sent reaches the chain.
 */
export function judgeCall(value: unknown): JsonRpcCall | JsonRpcError {
  const id = idOf(value);
  if (
    !isRecord(value) ||
    value.jsonrpc !== '2.0' ||
    typeof value.method !== 'string' ||
    !(value.id === undefined || value.id === null || id !== null) ||
    !(value.params === undefined || Array.isArray(value.params) || isRecord(value.params))
  ) {
    return jsonRpcError(id, JSON_RPC_CODES.invalidRequest, 'Invalid request');
  }
  if (!READ_METHODS.has(value.method)) {
    return jsonRpcError(
      id,
      JSON_RPC_CODES.methodNotFound,
      `${value.method.slice(0, 64)} is not a read method this endpoint forwards`,
    );
  }
  return {
    jsonrpc: '2.0',
    id,
    method: value.method,
    ...(value.params !== undefined && { params: value.params }),
  };
}

export function isJsonRpcCall(judged: JsonRpcCall | JsonRpcError): judged is JsonRpcCall {
  return 'method' in judged;
}
