/**
 * The RFC 3986 productions EIP-4361 builds on (scheme, authority, URI, pchar,
 * reserved and unreserved characters). Each check is one left-to-right scan
 * over character codes, with no regular-expression backtracking, so its cost
 * stays linear in the input whatever a client sends.
 */
import { isIpv6Address, isIpvFuture } from './ip-address.js';

export function isAlpha(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

// Character classes as bits of one ASCII lookup table: the scanners run on
// every character of up to 16 KiB of hostile text, so a class test is one
// array read and a mask.
const ALPHA = 1;
const DIGIT = 2;
const UNRESERVED_MARK = 4;
const SUB_DELIM = 8;
const COLON = 16;
const AT_SIGN = 32;
const SLASH = 64;
const QUESTION_MARK = 128;
const OTHER_GEN_DELIM = 256;

const UNRESERVED = ALPHA | DIGIT | UNRESERVED_MARK;
const RESERVED = SUB_DELIM | COLON | AT_SIGN | SLASH | QUESTION_MARK | OTHER_GEN_DELIM;
const REG_NAME = UNRESERVED | SUB_DELIM;
const USERINFO = REG_NAME | COLON;
const PCHAR = REG_NAME | COLON | AT_SIGN;
const PATH = PCHAR | SLASH;
const QUERY = PATH | QUESTION_MARK;

const CLASSES = new Uint16Array(128);
for (let code = 0; code < 128; code++) {
  if (isAlpha(code)) CLASSES[code] = ALPHA;
  if (isDigit(code)) CLASSES[code] = DIGIT;
}
for (const [characters, bit] of [
  ['-._~', UNRESERVED_MARK],
  ["!$&'()*+,;=", SUB_DELIM],
  [':', COLON],
  ['@', AT_SIGN],
  ['/', SLASH],
  ['?', QUESTION_MARK],
  ['#[]', OTHER_GEN_DELIM],
] as const) {
  for (const character of characters) CLASSES[character.charCodeAt(0)] = bit;
}

const PERCENT = 0x25;

function isIn(code: number, mask: number): boolean {
  return code < 128 && ((CLASSES[code] ?? 0) & mask) !== 0;
}

/** unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" */
export function isUnreserved(code: number): boolean {
  return isIn(code, UNRESERVED);
}

/** reserved = gen-delims / sub-delims */
export function isReserved(code: number): boolean {
  return isIn(code, RESERVED);
}

/**
 * True when every character of text[start, end) is in the classes of `mask` or
 * part of a percent-encoded octet ("%" HEXDIG HEXDIG).
 */
function consistsOf(text: string, mask: number, start = 0, end = text.length): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === PERCENT) {
      if (i + 2 >= end) return false;
      if (!isHexDigit(text.charCodeAt(i + 1)) || !isHexDigit(text.charCodeAt(i + 2))) return false;
      i += 2;
    } else if (!isIn(code, mask)) {
      return false;
    }
  }
  return true;
}

function isDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (!isDigit(text.charCodeAt(i))) return false;
  }
  return true;
}

/** scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) */
export function isScheme(text: string, start = 0, end = text.length): boolean {
  if (end <= start || !isAlpha(text.charCodeAt(start))) return false;
  for (let i = start + 1; i < end; i++) {
    const code = text.charCodeAt(i);
    if (!(isAlpha(code) || isDigit(code) || code === 0x2b || code === 0x2d || code === 0x2e)) {
      return false;
    }
  }
  return true;
}

/** A sequence of pchar (a path segment); EIP-4361's request-id is exactly this. */
export function isPcharSequence(text: string): boolean {
  return consistsOf(text, PCHAR);
}

export type Authority = { userinfo?: string; host: string; port?: string };

function isHost(host: string): boolean {
  if (host.startsWith('[')) {
    if (!host.endsWith(']')) return false;
    const literal = host.slice(1, -1);
    return isIpv6Address(literal) || isIpvFuture(literal);
  }
  // Every IPv4address is also a valid reg-name, so one check covers both.
  return consistsOf(host, REG_NAME);
}

/**
 * authority = [ userinfo "@" ] host [ ":" port ], split into its parts, or
 * undefined when the text is not one. The host may be empty, as RFC 3986
 * allows (file:///etc); callers that need a host check for it.
 */
export function parseAuthority(text: string): Authority | undefined {
  const at = text.indexOf('@');
  const userinfo = at === -1 ? undefined : text.slice(0, at);
  if (userinfo !== undefined && !consistsOf(userinfo, USERINFO)) return undefined;
  const hostAndPort = at === -1 ? text : text.slice(at + 1);
  // The port is what follows the last ":" outside an IP literal's brackets.
  const closingBracket = hostAndPort.startsWith('[') ? hostAndPort.indexOf(']') : -1;
  const colon = hostAndPort.indexOf(':', closingBracket + 1);
  const host = colon === -1 ? hostAndPort : hostAndPort.slice(0, colon);
  const port = colon === -1 ? undefined : hostAndPort.slice(colon + 1);
  if (!isHost(host)) return undefined;
  // port = *DIGIT, with no percent-encoding.
  if (port !== undefined && !isDigits(port)) return undefined;
  return {
    ...(userinfo !== undefined && { userinfo }),
    host,
    ...(port !== undefined && { port }),
  };
}

/**
 * URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
 * hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
 */
export function isUri(text: string): boolean {
  const colon = text.indexOf(':');
  if (colon === -1 || !isScheme(text, 0, colon)) return false;
  const hash = text.indexOf('#', colon + 1);
  const beforeFragment = hash === -1 ? text.length : hash;
  if (hash !== -1 && !consistsOf(text, QUERY, hash + 1)) return false;
  const question = text.indexOf('?', colon + 1);
  const hierEnd = question === -1 || question > beforeFragment ? beforeFragment : question;
  if (hierEnd !== beforeFragment && !consistsOf(text, QUERY, hierEnd + 1, beforeFragment)) {
    return false;
  }
  let pathStart = colon + 1;
  if (text.startsWith('//', pathStart)) {
    const authorityStart = pathStart + 2;
    const slash = text.indexOf('/', authorityStart);
    const authorityEnd = slash === -1 || slash > hierEnd ? hierEnd : slash;
    if (parseAuthority(text.slice(authorityStart, authorityEnd)) === undefined) return false;
    pathStart = authorityEnd;
  }
  // Past the authority, every path form is a run of pchar and "/": a path that
  // began with "//" was read as an authority above.
  return consistsOf(text, PATH, pathStart, hierEnd);
}
