import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/load-config.js';

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
 * What helmet sends on every response. The CSP allows scripts from
 * this origin only; connections to this origin (and its websockets), the
 * RPC endpoints the browser is given and, only when a project id is set,
 * WalletConnect's relay. Helmet's other defaults stay on (nosniff, no
 * cross-origin reads of our resources, origin-keyed agent clusters, ...);
 * HSTS only when the public URL is https, where a browser honours it.
 */
export function securityHeaderOptions(config: Config): HelmetOptions {
  // What the browser is given (PUBLIC_RPC_URL_<id> or this server's /rpc/<id>), never
  // RPC_URL_<id>, whose host may be a secret too. PUBLIC_URL's origin is listed for
  // /rpc when the page is opened at another allowed origin.
  const rpcOrigins = [
    ...new Set(config.chains.map((chain) => new URL(chain.browserRpcUrl).origin)),
  ];
  const wsSelf = config.allowedOrigins.map((origin) => origin.replace(/^http/, 'ws'));
  return {
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

/**
 * The headers helmet sets for these options, computed once. None of them
 * depends on the request (no CSP nonces: scripts come from this origin only).
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet's middleware runs its parts synchronously and only sets or removes headers.
  helmet(securityHeaderOptions(config))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * Helmet decides the headers (and checks the options at start); they are set
 * on every response from that one computation. Not @fastify/helmet: it builds
 * helmet's whole middleware again for every request, re-parsing the CSP each
 * time, which was 3.7 % of the server's time per authenticated `me`
 * (bench/me-throughput.ts). A hook every route shares: fastify-plugin.
 */
export const sendSecurityHeaders = fp<{ config: Config }>(
  async (app, { config }) => {
    const headers = securityHeaders(config);
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'sigil-security-headers', fastify: '5.x' },
);
