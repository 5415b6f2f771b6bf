import type { Config } from '../config/load-config.js';

/**
 * Headers of the provider's own responses (JSON, redirects, the logout
 * pages). Its pages need no script and load nothing; the logout form posts to
 * the provider, which then redirects to a client's post-logout URI, and
 * browsers hold that redirect to `form-action` too: so the registered
 * clients' origins are allowed there, and only there.
 */
export function providerSecurityHeaders(
  config: Pick<Config, 'oidcClients'>,
): Record<string, string> {
  const clientOrigins = new Set<string>();
  for (const client of config.oidcClients) {
    for (const uri of [
      ...(client.redirect_uris ?? []),
      ...(client.post_logout_redirect_uris ?? []),
    ]) {
      const { origin } = new URL(uri);
      // Custom-scheme redirects (native apps) have no origin to name.
      if (origin !== 'null') clientOrigins.add(origin);
    }
  }
  return {
    'content-security-policy': [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      `form-action 'self' ${[...clientOrigins].join(' ')}`.trim(),
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  };
}
