import type { Config } from '../config.js';

const WALLETCONNECT_CONNECT = [
  'https://*.walletconnect.com',
  'https://*.walletconnect.org',
  'wss://*.walletconnect.com',
  'wss://*.walletconnect.org',
  'https://*.reown.com',
  'wss://*.reown.com',
  // WalletConnect's kit loads its remote configuration from here at start.
  'https://api.web3modal.org',
];

/**
 * Headers every response carries. The CSP allows scripts from this origin
 * only; connections to this origin, the configured RPC endpoints and, only
 * when a project id is set, WalletConnect's relay.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const rpcOrigins = [...new Set(config.chains.map((chain) => new URL(chain.rpcUrl).origin))];
  const wsSelf = config.allowedOrigins.map((origin) => origin.replace(/^http/, 'ws'));
  const connect = [
    "'self'",
    ...wsSelf,
    ...rpcOrigins,
    ...(config.walletConnectProjectId ? WALLETCONNECT_CONNECT : []),
  ];
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // RainbowKit sets inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Wallet icons are data: URIs; ENS avatars live anywhere.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${config.walletConnectProjectId ? 'https://verify.walletconnect.com https://verify.walletconnect.org' : "'none'"}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(config.publicUrl.protocol === 'https:' && {
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    }),
  };
}
