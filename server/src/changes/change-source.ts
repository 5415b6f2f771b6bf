import type { FastifyRequest } from 'fastify';
import type { ChangeContext } from './change.js';

/**
 * Who makes a change and from where, before the time of the change is read: the
 * function making the change adds `at` from its clock reading
 * (docs/administration.md, "Audit log").
 */
export type ChangeSource = Omit<ChangeContext, 'at'>;

/**
 * The most of a User-Agent header that is kept: in the audit log, on a
 * session and on a sign-in record. A header is at most Node's 16 KiB of
 * header bytes; what a person reads of it fits in far less, and a session
 * list answers one per session (the query cost prices it at this length:
 * graphql/list-bounds.ts).
 */
export const MAX_USER_AGENT_LENGTH = 512;

/** A request's user agent as it is kept, or null without one. */
export function userAgentOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  return request.headers['user-agent']?.slice(0, MAX_USER_AGENT_LENGTH) ?? null;
}

/** Where a GraphQL request comes from; `actorId` is the acting session's account (null for a sign-in). */
export function changeSourceOf(
  // The GraphQL context's fields, named here so changes/ does not import graphql/.
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
    userAgent: userAgentOf(request),
  };
}

/** Nobody's request: a background rules check. */
export const NO_CHANGE_SOURCE: ChangeSource = { actorId: null, ip: null, userAgent: null };
