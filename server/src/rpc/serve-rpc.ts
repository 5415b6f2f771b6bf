import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { isAllowedOrigin } from '../http/allowed-origins.js';
import { clientKey } from '../http/client-address.js';
import type { Services } from '../services.js';
import { forwardCalls, type Upstream, UpstreamError, upstreamOf } from './forward-calls.js';
import {
  isJsonRpcCall,
  JSON_RPC_CODES,
  type JsonRpcAnswer,
  jsonRpcError,
  judgeCall,
} from './json-rpc-message.js';
import { MAX_RPC_BATCH_CALLS, MAX_RPC_BODY_BYTES } from './rpc-limits.js';

/**
 * An answer that says the chain cannot be asked now (this client's rate, the
 * endpoint down): deliberately not a JSON-RPC error, which viem would read as
 * the call's own answer. An HTTP error is what the web app's backoff
 * recognises (web/src/wallet/rpc-backoff.ts), so it waits a minute.
 */
function unavailable(
  reply: FastifyReply,
  status: 429 | 502 | 504,
  body: { code: string; message: string; retryAfterSeconds?: number },
) {
  const error = { 429: 'Too Many Requests', 502: 'Bad Gateway', 504: 'Gateway Timeout' }[status];
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ statusCode: status, error, ...body });
}

/** A refusal of the whole request: a JSON-RPC error with id null, never cached. */
function refuse(reply: FastifyReply, status: number, code: number, message: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send(jsonRpcError(null, code, message));
}

/**
 * POST /rpc/:chainId (docs/operations.md, "The JSON-RPC route"): how the
 * browser reads a chain without ever being given RPC_URL_<id>, which may
 * carry the operator's credentials. It forwards read methods only
 * (read-methods.ts), a single call or a batch of at most
 * MAX_RPC_BATCH_CALLS, and nothing of the browser's request but the calls.
 *
 * - a chain not enabled: 404; another Origin than the allowed ones: 403
 *   (another site must not spend this server's quota from its visitors);
 * - not `application/json`, malformed JSON, an empty or too large batch, a
 *   body over MAX_RPC_BODY_BYTES: a 4xx with a JSON-RPC error, never a 5xx;
 * - a refused method or an invalid call: its own JSON-RPC error in a 200,
 *   beside the answers of the others;
 * - every call counts against RPC_CALLS_PER_MINUTE per client: beyond it
 *   429 with Retry-After and RATE_LIMITED, before anything is sent;
 * - the chain unreachable or not answering JSON-RPC: 502 (504 past its
 *   deadline) with CHAIN_UNAVAILABLE, which names no endpoint.
 *
 * Encapsulated: its body parser and error handler are its own.
 */
export const serveRpc: FastifyPluginAsync<{
  services: Pick<Services, 'clock' | 'config' | 'metrics' | 'rpcCallLimiter'>;
}> = async (app, { services }) => {
  const { config } = services;
  const upstreams = new Map<string, Upstream>(
    config.chains.map((chain) => [String(chain.id), upstreamOf(chain.rpcUrl)]),
  );

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_RPC_BODY_BYTES },
    (_req, body, done) => done(null, body),
  );
  // What Fastify refuses before the handler (another content type, a body
  // over the limit) is answered in JSON-RPC too, with Fastify's 4xx.
  app.setErrorHandler((error: { statusCode?: number; message?: string }, req, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'the JSON-RPC route failed');
      return refuse(reply, 500, JSON_RPC_CODES.internalError, 'Internal error');
    }
    const message =
      status === 413
        ? `The body is larger than ${MAX_RPC_BODY_BYTES} bytes`
        : status === 415
          ? 'The body must be application/json'
          : 'Invalid request';
    return refuse(reply, status, JSON_RPC_CODES.invalidRequest, message);
  });

  app.post<{ Params: { chainId: string }; Body: string | undefined }>(
    '/rpc/:chainId',
    { bodyLimit: MAX_RPC_BODY_BYTES },
    async (req, reply) => {
      const upstream = upstreams.get(req.params.chainId);
      if (!upstream) {
        return refuse(reply, 404, JSON_RPC_CODES.invalidRequest, 'No such chain on this server');
      }
      const origin = req.headers.origin;
      if (origin && !isAllowedOrigin(config, origin)) {
        return refuse(reply, 403, JSON_RPC_CODES.invalidRequest, 'This origin may not use it');
      }
      let body: unknown;
      try {
        body = JSON.parse(req.body ?? '');
      } catch {
        return refuse(reply, 400, JSON_RPC_CODES.parseError, 'Parse error');
      }
      const batch = Array.isArray(body);
      const elements: unknown[] = Array.isArray(body) ? body : [body];
      if (batch && elements.length === 0) {
        return refuse(reply, 400, JSON_RPC_CODES.invalidRequest, 'An empty batch');
      }
      if (elements.length > MAX_RPC_BATCH_CALLS) {
        return refuse(
          reply,
          400,
          JSON_RPC_CODES.invalidRequest,
          `A batch of at most ${MAX_RPC_BATCH_CALLS} calls`,
        );
      }
      if (!batch && (typeof body !== 'object' || body === null)) {
        return refuse(reply, 400, JSON_RPC_CODES.invalidRequest, 'Invalid request');
      }

      const judged = elements.map(judgeCall);
      const calls = judged.filter(isJsonRpcCall);
      if (calls.length > 0) {
        const decision = await services.rpcCallLimiter.hit(
          `rpcCall:${clientKey(req.ip)}`,
          services.clock(),
          calls.length,
        );
        if (!decision.allowed) {
          services.metrics.rateLimitRefused('rpcCall');
          reply.header('retry-after', String(decision.retryAfterSeconds));
          return unavailable(reply, 429, {
            code: 'RATE_LIMITED',
            message: 'Too many chain calls from this client. Try again later.',
            retryAfterSeconds: decision.retryAfterSeconds,
          });
        }
      }
      let answered: JsonRpcAnswer[] = [];
      try {
        answered = calls.length > 0 ? await forwardCalls(upstream, calls) : [];
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        req.log.warn({ chainId: req.params.chainId, reason: error.message }, 'RPC endpoint failed');
        return unavailable(reply, error.status, {
          code: 'CHAIN_UNAVAILABLE',
          message: error.message,
        });
      }
      const answers = judged.map((call) => (isJsonRpcCall(call) ? answered.shift() : call));
      reply.header('cache-control', 'no-store');
      return reply.send(batch ? answers : answers[0]);
    },
  );
};
