import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { answerBodyTooLarge } from './answer-body-too-large.js';
import { sendGraphQLError } from './send-graphql-error.js';

/** Fastify's content-type parser refusals, in words a client can act on. */
const MESSAGES: Record<string, (request: FastifyRequest) => string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    'request body is empty: send a JSON object { query, variables, operationName }.',
  // The header is the client's own, cut short: an answer does not repeat 16 KiB of it.
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (request) =>
    `content type ${JSON.stringify((request.headers['content-type'] ?? '').slice(0, 100))} is not accepted: ` +
    'send application/json (multipart/form-data for an upload).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'request body is not as long as its Content-Length.',
};

/**
 * The error handler of every /graphql route. Fastify reads and parses the
 * body before Yoga runs, and answers its refusals in a shape of its own
 * (`{"statusCode","code":"FST_ERR_CTP_…"}`); here they get the shape and code
 * every other /graphql answer has (docs/api.md#transport-errors), with their
 * status (400, 413, 415). The message is ours, never the error's text. Any
 * error that is not the client's (5xx, or no status) goes on to the server's
 * handler.
 */
export async function answerTransportError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return answerBodyTooLarge(request, reply);
  const status = error.statusCode;
  if (status === undefined || status < 400 || status > 499) throw error;
  const message =
    MESSAGES[error.code]?.(request) ?? `request refused: ${STATUS_CODES[status] ?? status}.`;
  return sendGraphQLError(request, reply, status, message, 'BAD_REQUEST');
}
