import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BadUserInputError } from '../errors.js';
import { IMAGE_TOO_LARGE_MESSAGE } from '../images/image-limits.js';

/**
 * How much of a refused body is still read and thrown away: a few times the
 * largest body accepted (an upload). A body declared larger, or found larger
 * while it is read, is answered at once and its connection closed.
 */
export const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * A route error handler for /graphql: a body over the route's limit is a 413
 * with a GraphQL error, the code and message a slightly smaller oversized
 * file gets from setAvatar. The answer waits until the rest of the body has
 * arrived (read and thrown away, up to DISCARD_LIMIT_BYTES): a server that
 * answers and closes while the body is still coming resets the connection,
 * and a client still sending (a browser uploading a photo) then reports a
 * network failure instead of the answer. Any other error goes on to the
 * server's handler.
 */
export async function answerBodyTooLarge(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
  await discardBody(request.raw, DISCARD_LIMIT_BYTES);
  const message = request.headers['content-type']?.startsWith('multipart/')
    ? IMAGE_TOO_LARGE_MESSAGE
    : `request body must be at most ${request.routeOptions.bodyLimit / 1024} KiB.`;
  const refusal = new BadUserInputError(message);
  // Fastify has set `connection: close` already: the connection ends after this answer.
  return reply
    .status(413)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ errors: [{ message, extensions: { code: refusal.code } }] }));
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
