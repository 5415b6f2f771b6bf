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

function codeSet(characters: string): ReadonlySet<number> {
  return new Set(Array.from(characters, (character) => character.charCodeAt(0)));
}

const SUB_DELIMS = codeSet("!$&'()*+,;=");
const GEN_DELIMS = codeSet(':/?#[]@');
const UNRESERVED_MARKS = codeSet('-._~');
const COLON = 0x3a;
const AT_SIGN = 0x40;
const SLASH = 0x2f;
const QUESTION_MARK = 0x3f;
const PERCENT = 0x25;

/** unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" */
export function isUnreserved(code: number): boolean {
  return isAlpha(code) || isDigit(code) || UNRESERVED_MARKS.has(code);
}

/** reserved = gen-delims / sub-delims */
export function isReserved(code: number): boolean {
  return GEN_DELIMS.has(code) || SUB_DELIMS.has(code);
}

function isSubDelim(code: number): boolean {
  return SUB_DELIMS.has(code);
}

function isPcharCode(code: number): boolean {
  return isUnreserved(code) || isSubDelim(code) || code === COLON || code === AT_SIGN;
}

function isPathCode(code: number): boolean {
  return isPcharCode(code) || code === SLASH;
}

function isQueryCode(code: number): boolean {
  return isPathCode(code) || code === QUESTION_MARK;
}

function isUserinfoCode(code: number): boolean {
  return isUnreserved(code) || isSubDelim(code) || code === COLON;
}

function isRegNameCode(code: number): boolean {
  return isUnreserved(code) || isSubDelim(code);
}

/**
 * True when every character of text[start, end) is one `allowed` accepts or
 * part of a percent-encoded octet ("%" HEXDIG HEXDIG).
 */
function consistsOf(
  text: string,
  allowed: (code: number) => boolean,
  start = 0,
  end = text.length,
): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === PERCENT) {
      if (i + 2 >= end) return false;
      if (!isHexDigit(text.charCodeAt(i + 1)) || !isHexDigit(text.charCodeAt(i + 2))) return false;
      i += 2;
    } else if (!allowed(code)) {
      return false;
    }
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
  return consistsOf(text, isPcharCode);
}

export type Authority = { userinfo?: string; host: string; port?: string };

function isHost(host: string): boolean {
  if (host.startsWith('[')) {
    if (!host.endsWith(']')) return false;
    const literal = host.slice(1, -1);
    return isIpv6Address(literal) || isIpvFuture(literal);
  }
  // Every IPv4address is also a valid reg-name, so one check covers both.
  return consistsOf(host, isRegNameCode);
}

/**
 * authority = [ userinfo "@" ] host [ ":" port ], split into its parts, or
 * undefined when the text is not one. The host may be empty, as RFC 3986
 * allows (file:///etc); callers that need a host check for it.
 */
export function parseAuthority(text: string): Authority | undefined {
  const at = text.indexOf('@');
  const userinfo = at === -1 ? undefined : text.slice(0, at);
  if (userinfo !== undefined && !consistsOf(userinfo, isUserinfoCode)) return undefined;
  const hostAndPort = at === -1 ? text : text.slice(at + 1);
  // The port is what follows the last ":" outside an IP literal's brackets.
  const closingBracket = hostAndPort.startsWith('[') ? hostAndPort.indexOf(']') : -1;
  const colon = hostAndPort.indexOf(':', closingBracket + 1);
  const host = colon === -1 ? hostAndPort : hostAndPort.slice(0, colon);
  const port = colon === -1 ? undefined : hostAndPort.slice(colon + 1);
  if (!isHost(host)) return undefined;
  if (port !== undefined && !consistsOf(port, isDigit)) return undefined;
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
  if (hash !== -1 && !consistsOf(text, isQueryCode, hash + 1)) return false;
  const question = text.indexOf('?', colon + 1);
  const hierEnd = question === -1 || question > beforeFragment ? beforeFragment : question;
  if (hierEnd !== beforeFragment && !consistsOf(text, isQueryCode, hierEnd + 1, beforeFragment)) {
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
  return consistsOf(text, isPathCode, pathStart, hierEnd);
}
