import type { FastifyRequest } from 'fastify';
import type { ChangeContext } from '../changes/change.js';
import type { GraphQLContext } from '../graphql/context.js';
import { clientKey } from '../http/client-address.js';

/**
 * Who makes a change and from where, before the change's time is known: the
 * function making the change adds `at` from its clock reading
 * (docs/administration.md, "Audit log").
 */
export type ChangeOrigin = Omit<ChangeContext, 'at'>;

/** A GraphQL request's origin; `actorId` is the acting session's account (null for a sign-in). */
export function changeOriginOf(
  context: Pick<GraphQLContext, 'clientAddress' | 'userAgent'>,
  actorId: string | null,
): ChangeOrigin {
  return { actorId, ip: context.clientAddress, userAgent: context.userAgent };
}

/** A plain HTTP request's origin (the OpenID Connect interaction routes), measured as GraphQL's. */
export function changeOriginOfRequest(
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  actorId: string | null,
): ChangeOrigin {
  return {
    actorId,
    ip: clientKey(request.ip),
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
  };
}

/** Nobody's request: a background rules check. */
export const NO_CHANGE_ORIGIN: ChangeOrigin = { actorId: null, ip: null, userAgent: null };
