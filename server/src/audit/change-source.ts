import type { FastifyRequest } from 'fastify';
import type { ChangeContext } from '../changes/change.js';

/**
 * Who makes a change and from where, before the time of the change is read: the
 * function making the change adds `at` from its clock reading
 * (docs/administration.md, "Audit log").
 */
export type ChangeSource = Omit<ChangeContext, 'at'>;

/** Where a GraphQL request comes from; `actorId` is the acting session's account (null for a sign-in). */
export function changeSourceOf(
  // The GraphQL context's fields, named here so audit/ does not import graphql/.
  context: { clientIp: string; userAgent: string | null },
  actorId: string | null,
): ChangeSource {
  return { actorId, ip: context.clientIp, userAgent: context.userAgent };
}

/** Where a plain HTTP request comes from (the OpenID Connect interaction routes), as GraphQL's. */
export function changeSourceOfRequest(
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  actorId: string | null,
): ChangeSource {
  return {
    actorId,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
  };
}

/** Nobody's request: a background rules check. */
export const NO_CHANGE_SOURCE: ChangeSource = { actorId: null, ip: null, userAgent: null };
