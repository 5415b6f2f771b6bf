import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResponseTooLargeError } from '../errors.js';
import type { Services } from '../services.js';
import { maskError } from './mask-error.js';

/** Requests whose GraphQL context found no live session: set when Yoga builds the context. */
const anonymousRequests = new WeakSet<FastifyRequest>();

export function markAnonymous(req: FastifyRequest): void {
  anonymousRequests.add(req);
}

/**
 * The backstop behind the query-cost limit (docs/operations.md, "Limits"): a
 * JSON answer to a request without a session larger than
 * MAX_ANONYMOUS_RESPONSE_BYTES is replaced by a RESPONSE_TOO_LARGE error. The
 * answer is already one string (graphql-route.ts), so this reads its length
 * and copies nothing; its UTF-8 size is only counted when the string is
 * long enough to be over (a UTF-16 unit is at most three bytes).
 */
export function boundAnonymousAnswer(
  services: Pick<Services, 'config' | 'logger'>,
  req: FastifyRequest,
  reply: FastifyReply,
  text: string,
): string {
  if (!anonymousRequests.has(req)) return text;
  const limit = services.config.maxAnonymousResponseBytes;
  if (text.length * 3 <= limit) return text;
  const bytes = text.length > limit ? text.length : Buffer.byteLength(text);
  if (bytes <= limit) return text;
  reply.removeHeader('content-length');
  return refusal(services, req, bytes);
}

/** The refusal as a result's JSON, logged once: the cost limit should have kept the answer below. */
function refusal(
  services: Pick<Services, 'config' | 'logger'>,
  req: FastifyRequest,
  bytes: number,
): string {
  services.logger.warn(
    { requestId: req.id, bytes, limit: services.config.maxAnonymousResponseBytes },
    'an answer to a request without a session was too large and was not sent',
  );
  const error = maskError(new ResponseTooLargeError(), services.logger, req.id);
  return JSON.stringify({ errors: [error.toJSON()] });
}

/**
 * The same bound for an answer Yoga streams (`text/event-stream`, or
 * `multipart/mixed` when a client asks for it): chunks pass while their total
 * stays within the bound; the chunk that would cross it is replaced by the
 * refusal, written as one more event (or part) of the stream, which then
 * ends. A request without a session cannot subscribe (accountEvents needs
 * one), so such a stream carries one result: the refusal takes its place.
 */
export function boundAnonymousStream(
  services: Pick<Services, 'config' | 'logger'>,
  req: FastifyRequest,
  contentType: string,
  body: ReadableStream<Uint8Array>,
): ReadableStream<Uint8Array> {
  if (!anonymousRequests.has(req)) return body;
  const limit = services.config.maxAnonymousResponseBytes;
  const encoder = new TextEncoder();
  let sent = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (sent + chunk.byteLength <= limit) {
          sent += chunk.byteLength;
          controller.enqueue(chunk);
          return;
        }
        const json = refusal(services, req, sent + chunk.byteLength);
        // Blank lines first end any event begun without data (SSE dispatches none);
        // a multipart part begun is closed by the next boundary.
        const last = contentType.includes('multipart')
          ? `\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${json}\r\n-----\r\n`
          : `\n\nevent: next\ndata: ${json}\n\nevent: complete\ndata:\n\n`;
        controller.enqueue(encoder.encode(last));
        controller.terminate();
      },
    }),
  );
}
