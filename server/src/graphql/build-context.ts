import type { FastifyReply, FastifyRequest } from 'fastify';
import { userAgentOf } from '../changes/change-source.js';
import { clientKey } from '../http/client-address.js';
import type { Services } from '../services.js';
import { resolveSession } from '../sessions/resolve-session.js';
import { setSessionCookie } from '../sessions/session-cookie.js';
import type { GraphQLContext } from './context.js';

export type BuildContextParameters = {
  /** The HTTP request, or a websocket's upgrade request: its cookie, headers and address. */
  request: FastifyRequest;
  /** The HTTP request's id, or (websocket) the operation's own. */
  requestId: string;
  /** HTTP only: the response a sign-in or sign-out writes the session cookie on. */
  reply?: FastifyReply | undefined;
};

/**
 * The context of one GraphQL operation, over HTTP or a websocket alike: the
 * session its cookie names (read again for every operation, so a session
 * that ended is over for a socket too), the client as TRUST_PROXY says, and
 * the cookie setters where there is a response to write them on. Both
 * transports build it here, so a field added to the context reaches both.
 */
export async function buildContext(
  services: Services,
  { request, requestId, reply }: BuildContextParameters,
): Promise<GraphQLContext> {
  const { token, session, account } = await resolveSession(services, request);
  return {
    services,
    session,
    sessionAccount: account,
    sessionToken: token,
    origin: typeof request.headers.origin === 'string' ? request.headers.origin : null,
    userAgent: userAgentOf(request),
    clientAddress: clientKey(request.ip),
    clientIp: request.ip,
    requestId,
    ...(reply && {
      cookies: {
        setSession: (value: string) => setSessionCookie(reply, services.config, value),
        clearSession: () => setSessionCookie(reply, services.config, undefined),
      },
    }),
  };
}
