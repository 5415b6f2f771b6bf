import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendGraphQLError } from './send-graphql-error.js';
import { UPLOAD_TOO_LARGE_MESSAGE } from './upload-limit.js';

/**
 * How much of a refused body is still read and thrown away: a few times the
 * largest body accepted (an upload). A body declared larger, or found larger
 * while it is read, is answered at once and its connection closed.
 */
export const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Answers a /graphql body over the route's limit (answer-transport-error.ts
 * sends it here): a 413 with a GraphQL error. An upload's is the code and
 * message a slightly smaller oversized file gets from setAvatar
 * (`BAD_USER_INPUT`, the file is the argument at fault); any other body's is
 * `BAD_REQUEST`, a transport refusal (docs/api.md#transport-errors). The answer waits until the rest of the body has
 * arrived (read and thrown away, up to DISCARD_LIMIT_BYTES): a server that
 * answers and closes while the body is still coming resets the connection,
 * and a client still sending (a browser uploading a photo) then reports a
 * network failure instead of the answer.
 */
export async function answerBodyTooLarge(request: FastifyRequest, reply: FastifyReply) {
  await discardBody(request.raw, DISCARD_LIMIT_BYTES);
  // Fastify has set `connection: close` already: the connection ends after this answer.
  if (request.headers['content-type']?.startsWith('multipart/'))
    return sendGraphQLError(request, reply, 413, UPLOAD_TOO_LARGE_MESSAGE, 'BAD_USER_INPUT');
  const message = `request body must be at most ${request.routeOptions.bodyLimit / 1024} KiB.`;
  return sendGraphQLError(request, reply, 413, message, 'BAD_REQUEST');
}

/**
 * Reads the rest of `body` without keeping it. Resolves once it has all
 * arrived, or as soon as it is (or is declared) over `limit` bytes or its
 * connection fails.
 */
function discardBody(body: IncomingMessage, limit: number): Promise<void> {
  if (body.complete || Number(body.headers['content-length']) > limit) return Promise.resolve();
  return new Promise((resolve) => {
    let discarded = 0;
    const onData = (chunk: Buffer) => {
      discarded += chunk.byteLength;
      if (discarded > limit) settle();
    };
    const settle = () => {
      body.off('data', onData).off('end', settle).off('error', settle).off('close', settle);
      resolve();
    };
    body.on('data', onData).once('end', settle).once('error', settle).once('close', settle);
    body.resume();
  });
}
