import fastifyCookie from '@fastify/cookie';
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
