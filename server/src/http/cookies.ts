import fastifyCookie, { fastifyCookie as cookiePlugin } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Cookies through @fastify/cookie: it parses the Cookie header once per
 * request (upgrades included) into `req.cookies`, and writes Set-Cookie.
 * Nothing is signed: the session token is itself the secret, and only its
 * hash is stored; the session's cookie is sessions/session-cookie.ts. Every
 * route's, and the plugins that read the session name it in their
 * dependencies: fastifyPlugin.
 */
export const parseCookies = fp(
  async (app) => {
    await app.register(fastifyCookie);
  },
  { name: 'sigil-cookies', fastify: '5.x' },
);

/**
 * `req.cookies` for a raw request that did not pass through Fastify's hooks
 * (oidc-provider's Koa context under middie): the same parser, once.
 */
export function cookiesOf(raw: {
  headers: { cookie?: string | undefined };
}): Pick<FastifyRequest, 'cookies'> {
  return { cookies: cookiePlugin.parse(raw.headers.cookie ?? '') };
}
