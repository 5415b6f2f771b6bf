import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../http/client-address.js';
import type { Services } from '../services.js';
import { SOCKET_LIMITS } from './socket-limits.js';
import { refusalMessage, type StreamBudget } from './stream-budget.js';

/** The session each request's GraphQL context found: set when Yoga builds the context. */
const sessionOfRequest = new WeakMap<FastifyRequest, string>();

export function noteRequestSession(req: FastifyRequest, sessionId: string | undefined): void {
  if (sessionId) sessionOfRequest.set(req, sessionId);
}

/**
 * Whether Yoga answered as a stream: a subscription (or an incremental
 * answer) as server-sent events or as multipart, whichever the `Accept`
 * header let it choose. `*`, `text/*` or no `Accept` at all get a stream as
 * surely as `text/event-stream` does, so what is counted is the answer.
 */
export const isStreamedAnswer = (contentType: string) =>
  /^\s*(?:text\/event-stream|multipart\/mixed)\b/i.test(contentType);

/**
 * Ends a streamed answer that will not be sent, and the subscription behind
 * it. Yoga's stream takes its result's iterator only when first read
 * (graphql-yoga's result-processor/sse.js), so a stream cancelled unread
 * leaves the subscription listening: one read first (the stream's opening
 * `:` comment, there at once), then the cancel reaches it.
 */
async function discardStream(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  try {
    await reader.read();
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * Puts the streams /graphql answers over HTTP under the websockets' bounds
 * (stream-budget.ts): a streamed answer takes a place in its client's and its
 * session's budget before its first byte is sent, and gives it back when its
 * response closes, whether the stream completed (the session ended, the
 * server shuts down) or the client went away. Counting the answer rather
 * than the request's `Accept` is what makes every way of asking count.
 *
 * Over a bound the stream is cancelled (its subscription ends) and the
 * answer is 429 with Retry-After and a GraphQL error `RATE_LIMITED`, as
 * GraphQL over HTTP answers any refusal (docs/operations.md, "Limits"). A
 * request without a session counts against its client's budget all the
 * same. Returns whether the stream may be sent.
 */
export function limitStreamedAnswers(services: Pick<Services, 'metrics'>, budget: StreamBudget) {
  return function admitStream(
    req: FastifyRequest,
    reply: FastifyReply,
    body: ReadableStream<Uint8Array> | null,
  ): boolean {
    const client = clientKey(req.ip);
    const sessionId = sessionOfRequest.get(req);
    const refused = budget.refusal(client, sessionId);
    if (refused) {
      if (body) void discardStream(body);
      services.metrics.socketLimitRefused(refused);
      const retryAfterSeconds = SOCKET_LIMITS.retryAfterSeconds;
      reply
        .code(429)
        .header('retry-after', String(retryAfterSeconds))
        .type('application/json; charset=utf-8')
        .send({
          errors: [
            {
              message: refusalMessage(refused),
              extensions: { code: 'RATE_LIMITED', retryAfterSeconds },
            },
          ],
        });
      return false;
    }
    const release = budget.hold(client, sessionId);
    // A client that left while the operation was prepared closed the response already.
    if (reply.raw.closed) release();
    else reply.raw.once('close', release);
    return true;
  };
}
