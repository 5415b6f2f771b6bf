import type { Config } from './load-config.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The warning for a start whose `PORT` cannot be the port `PUBLIC_URL` names:
 * `PUBLIC_URL` is on this machine (localhost, 127.0.0.1, [::1]) at another
 * port, and nothing is said to stand in front of the server (no
 * `TRUST_PROXY`; not development, where `npm run dev`'s Vite serves
 * PUBLIC_URL and forwards to PORT). A person then opens the app at PORT, and
 * every sign-in is refused with DOMAIN_MISMATCH, because SIWE messages bind
 * to PUBLIC_URL (docs/operations.md, "Starting"). Undefined when they agree.
 */
export function portMismatchWarning(
  config: Pick<Config, 'port' | 'publicUrl' | 'trustProxy' | 'development'>,
): string | undefined {
  const { port, publicUrl } = config;
  if (config.trustProxy !== false || config.development) return undefined;
  if (!LOOPBACK_HOSTS.has(publicUrl.hostname)) return undefined;
  // URL leaves out a scheme's default port: http://localhost is port 80.
  const publicPort = Number(publicUrl.port || (publicUrl.protocol === 'https:' ? 443 : 80));
  if (publicPort === port) return undefined;
  const here = new URL(publicUrl.origin);
  here.port = String(port);
  return (
    `PORT is ${port} but PUBLIC_URL is ${publicUrl.origin}: sign-in accepts only messages for ` +
    `${publicUrl.origin}; set PUBLIC_URL=${here.origin} to open the app on this port`
  );
}
