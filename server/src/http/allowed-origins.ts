import type { Config } from '../config/load-config.js';
import { DomainMismatchError } from '../errors.js';

/**
 * The origins this service answers for: PUBLIC_URL and ALLOWED_ORIGINS. Sign-in
 * messages must name one of them, and browsers calling from anywhere else are
 * refused (cookies travel on cross-site requests and websocket upgrades).
 */
export function isAllowedOrigin(config: Pick<Config, 'allowedOrigins'>, origin: string): boolean {
  return config.allowedOrigins.includes(origin);
}

/** The EIP-4361 domains (RFC 3986 authorities) a message may name. */
export function allowedSignInDomains(config: Pick<Config, 'allowedOrigins'>): string[] {
  return config.allowedOrigins.map((origin) => new URL(origin).host);
}

/**
 * The message's URI must be on an allowed origin whose authority is the
 * message's domain: a wallet shows the domain, the URI must not point elsewhere.
 */
export function checkMessageUri(
  config: Pick<Config, 'allowedOrigins'>,
  message: { uri: string; domain: string; scheme?: string },
): void {
  let uri: URL;
  try {
    uri = new URL(message.uri);
  } catch {
    throw new DomainMismatchError('The message URI is not one of this service.');
  }
  if (!isAllowedOrigin(config, uri.origin) || uri.host !== message.domain) {
    throw new DomainMismatchError('The message URI is not one of this service.', {
      details: { uri: message.uri },
    });
  }
  if (message.scheme !== undefined && `${message.scheme}:` !== uri.protocol) {
    throw new DomainMismatchError('The message scheme is not the one of this service.');
  }
}

/** A request's Origin header, when present, must be allowed. */
export function checkRequestOrigin(
  config: Pick<Config, 'allowedOrigins'>,
  origin: string | null | undefined,
): void {
  if (origin && !isAllowedOrigin(config, origin)) {
    throw new DomainMismatchError('Requests from this origin are not allowed.', {
      details: { origin },
    });
  }
}

/** The origin a client is using: its allowed Origin header, else PUBLIC_URL. */
export function originForClient(
  config: Pick<Config, 'allowedOrigins' | 'publicUrl'>,
  origin: string | null | undefined,
): URL {
  return origin && isAllowedOrigin(config, origin) ? new URL(origin) : config.publicUrl;
}
