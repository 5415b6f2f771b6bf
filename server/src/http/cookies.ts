import type { Config } from '../config.js';

/**
 * `__Host-` binds the cookie to this exact origin (no Domain, Path=/, Secure),
 * so it is used whenever the public URL is https; plain http (local
 * development) cannot carry Secure cookies and uses the bare name.
 */
export function sessionCookieName(config: Pick<Config, 'publicUrl'>): string {
  return config.publicUrl.protocol === 'https:' ? '__Host-sigil_session' : 'sigil_session';
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      // Tokens are base64url: anything else is not ours and is ignored.
      return /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

export function serializeSessionCookie(
  config: Pick<Config, 'publicUrl' | 'sessionMaxAgeSeconds'>,
  token: string | undefined,
): string {
  const secure = config.publicUrl.protocol === 'https:';
  return [
    `${sessionCookieName(config)}=${token ?? ''}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${token ? config.sessionMaxAgeSeconds : 0}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
