import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.js';
import { clientKey } from './client-address.js';
import { resolveSession } from './resolve-session.js';
import { SOCKET_LIMITS } from './socket-limits.js';
import { refusalMessage, type StreamBudget } from './stream-budget.js';

/** A request that asks for server-sent events: a subscription (or any operation) over SSE. */
const asksForEventStream = (req: FastifyRequest) =>
  (req.method === 'GET' || req.method === 'POST') &&
  !req.ws &&
  (req.headers.accept ?? '').toLowerCase().includes('text/event-stream');

/**
 * The preValidation hook of /graphql that puts server-sent event streams
 * under the websockets' bounds (stream-budget.ts): a request asking for an
 * event stream takes a place in its client's and its session's budget before
 * Yoga runs it, and gives it back when its response closes, whether the
 * stream completed (the session ended, the server shuts down) or the client
 * went away. Over a bound the answer is 429 with Retry-After and a GraphQL
 * error `RATE_LIMITED`, as GraphQL over HTTP answers any refusal
 * (docs/operations.md, "Limits"). A request without a session counts against
 * its client's budget all the same.
 */
export function limitEventStreams(services: Services, budget: StreamBudget) {
  return async function checkEventStream(req: FastifyRequest, reply: FastifyReply) {
    if (!asksForEventStream(req)) return;
    const client = clientKey(req.ip);
    const { session } = await resolveSession(services, req);
    const refused = budget.refusal(client, session?.id);
    if (refused) {
      services.metrics.socketLimitRefused(refused);
      const retryAfterSeconds = SOCKET_LIMITS.retryAfterSeconds;
      return reply
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
    }
    reply.raw.once('close', budget.hold(client, session?.id));
  };
}
