import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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
 * What @fastify/helmet sends on every response. The CSP allows scripts from
 * this origin only; connections to this origin (and its websockets), the
 * configured RPC endpoints and, only when a project id is set,
 * WalletConnect's relay. Helmet's other defaults stay on (nosniff, no
 * cross-origin reads of our resources, origin-keyed agent clusters, ...);
 * HSTS only when the public URL is https, where a browser honours it.
 */
export function securityHeaderOptions(config: Config): FastifyHelmetOptions {
  const rpcOrigins = [...new Set(config.chains.map((chain) => new URL(chain.rpcUrl).origin))];
  const wsSelf = config.allowedOrigins.map((origin) => origin.replace(/^http/, 'ws'));
  return {
    global: true,
    contentSecurityPolicy: {
      // Listed in full, not merged into helmet's defaults: its
      // upgrade-insecure-requests would send http RPC endpoints (a local
      // chain) to https.
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // RainbowKit sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Wallet icons are data: URIs; ENS avatars live anywhere.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          ...wsSelf,
          ...rpcOrigins,
          ...(config.walletConnectProjectId ? WALLETCONNECT_CONNECT : []),
        ],
        frameSrc: config.walletConnectProjectId
          ? ['https://verify.walletconnect.com', 'https://verify.walletconnect.org']
          : ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Wallet popups (Coinbase Wallet's) must be able to message the app back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity:
      config.publicUrl.protocol === 'https:'
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
  };
}

/** Helmet has no Permissions-Policy: the app needs no camera, microphone, place or payment. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  await app.register(fastifyHelmet, securityHeaderOptions(config));
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
