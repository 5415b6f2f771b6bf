import { fastifyCookie as cookiePlugin } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

/**
 * `req.cookies` for a raw request that did not pass through Fastify's hooks
 * (oidc-provider's Koa context under middie): the same parser as every
 * request's (http/cookies.ts), once.
 */
export function cookiesOf(raw: {
  headers: { cookie?: string | undefined };
}): Pick<FastifyRequest, 'cookies'> {
  return { cookies: cookiePlugin.parse(raw.headers.cookie ?? '') };
}
