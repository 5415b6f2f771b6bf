import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config/load-config.js';

/** Whether the hop `i` away (0: the peer itself) may say who the client is. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as proxy-addr's trust function: Fastify applies it to
 * X-Forwarded-For (`req.ip`), and the request id below asks it about the peer,
 * so both believe exactly the same hops.
 */
export function trustProxy(config: Pick<Config, 'trustProxy'>): TrustProxy {
  const setting = config.trustProxy;
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** What an incoming request id may look like to be kept: a plain token of sane length. */
const REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** The request's id: a trusted proxy's `x-request-id`, so logs line up across hops; else a fresh one. */
export function requestIdFor(request: IncomingMessage, trust: TrustProxy): string {
  const incoming = request.headers['x-request-id'];
  const peer = request.socket.remoteAddress;
  if (typeof incoming === 'string' && REQUEST_ID.test(incoming) && peer && trust(peer, 0)) {
    return incoming;
  }
  return randomUUID();
}

/**
 * Whose attempts a rate limit counts together: an IPv4 client by its address,
 * an IPv6 client by its /64, the block one subscriber is usually given (keyed
 * by full address, one person could rotate through 2^64 of them).
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`);
  return `${network.toString()}/64`;
}
