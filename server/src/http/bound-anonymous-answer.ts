import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResponseTooLargeError } from '../errors.js';
import { maskError } from '../graphql/mask-error.js';
import type { Services } from '../services.js';

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
  services.logger.warn(
    { requestId: req.id, bytes, limit },
    'an answer to a request without a session was too large and was not sent',
  );
  reply.removeHeader('content-length');
  const error = maskError(new ResponseTooLargeError(), services.logger, req.id);
  return JSON.stringify({ errors: [error.toJSON()] });
}
