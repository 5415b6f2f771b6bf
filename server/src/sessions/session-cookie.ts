import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/load-config.js';

/**
 * `__Host-` binds the cookie to this exact origin (no Domain, Path=/, Secure),
 * so it is used whenever the public URL is https; plain http (local
 * development) cannot carry Secure cookies and uses the bare name.
 */
export function sessionCookieName(config: Pick<Config, 'publicUrl'>): string {
  return config.publicUrl.protocol === 'https:' ? '__Host-sigil_session' : 'sigil_session';
}

/** Tokens are base64url: anything else is not ours and is ignored. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** The session token the request's cookie carries, if it looks like one of ours. */
export function readSessionToken(
  config: Pick<Config, 'publicUrl'>,
  request: Pick<FastifyRequest, 'cookies'>,
): string | undefined {
  const value = request.cookies[sessionCookieName(config)];
  return value !== undefined && TOKEN.test(value) ? value : undefined;
}

/** HttpOnly, SameSite=Lax, Path=/; Secure on https; Max-Age the session's, or 0 to end it. */
export function sessionCookieOptions(
  config: Pick<Config, 'publicUrl' | 'sessionMaxAgeSeconds'>,
  token: string | undefined,
): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: token ? config.sessionMaxAgeSeconds : 0,
    secure: config.publicUrl.protocol === 'https:',
  };
}

/** Sets the session cookie, or (without a token) tells the browser to drop it. */
export function setSessionCookie(
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl' | 'sessionMaxAgeSeconds'>,
  token: string | undefined,
): void {
  reply.setCookie(sessionCookieName(config), token ?? '', sessionCookieOptions(config, token));
}
