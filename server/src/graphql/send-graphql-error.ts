import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../errors.js';

const GRAPHQL_RESPONSE = 'application/graphql-response+json';
const JSON_TYPE = 'application/json';

/**
 * The media type Yoga would answer `accept` with: the first of
 * `application/graphql-response+json` and `application/json` the header names,
 * in the header's order (`*∕*` and `application/*` take JSON, as Yoga does);
 * JSON when it names neither, since an error answer is better than a 406.
 */
export function graphqlMediaTypeFor(accept: string | undefined): string {
  for (const range of (accept ?? '').split(',')) {
    const type = range.split(';')[0]?.trim().toLowerCase();
    if (type === GRAPHQL_RESPONSE) return GRAPHQL_RESPONSE;
    if (type === JSON_TYPE || type === '*/*' || type === 'application/*') return JSON_TYPE;
  }
  return JSON_TYPE;
}

/**
 * Answers a request Yoga never saw (Fastify refused it first) in the shape
 * every /graphql answer has (docs/api.md#transport-errors):
 * `{"errors":[{"message","extensions":{"code"}}]}`, with `status`.
 */
export function sendGraphQLError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  code: ErrorCode,
) {
  return reply
    .status(status)
    .type(`${graphqlMediaTypeFor(request.headers.accept)}; charset=utf-8`)
    .send(JSON.stringify({ errors: [{ message, extensions: { code } }] }));
}
