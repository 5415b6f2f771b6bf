/**
 * The IP address forms of RFC 3986 §3.2.2 (IPv4address, IPv6address and
 * IPvFuture), as the host of a URI or of a SIWE domain. Zone identifiers are
 * not part of RFC 3986 and are refused.
 */

function isDigitCode(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isHexDigitCode(code: number): boolean {
  return isDigitCode(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

/** dec-octet: 0 to 255 without leading zeros ("01" is not an octet). */
function isDecOctet(text: string): boolean {
  if (text.length === 0 || text.length > 3) return false;
  for (let i = 0; i < text.length; i++) {
    if (!isDigitCode(text.charCodeAt(i))) return false;
  }
  if (text.length > 1 && text.startsWith('0')) return false;
  return Number(text) <= 255;
}

export function isIpv4Address(text: string): boolean {
  const octets = text.split('.', 5);
  return octets.length === 4 && octets.every(isDecOctet);
}

function isH16(text: string): boolean {
  if (text.length === 0 || text.length > 4) return false;
  for (let i = 0; i < text.length; i++) {
    if (!isHexDigitCode(text.charCodeAt(i))) return false;
  }
  return true;
}

/**
 * How many 16-bit groups a run of colon-separated pieces stands for, or -1
 * when a piece is malformed. An IPv4 address counts as two groups and may only
 * be the last piece of the whole address.
 */
function countGroups(pieces: readonly string[], ipv4MayEnd: boolean): number {
  let groups = 0;
  for (const [index, piece] of pieces.entries()) {
    const isLast = index === pieces.length - 1;
    if (ipv4MayEnd && isLast && piece.includes('.')) {
      if (!isIpv4Address(piece)) return -1;
      groups += 2;
    } else if (isH16(piece)) {
      groups += 1;
    } else {
      return -1;
    }
  }
  return groups;
}

function splitPieces(text: string): string[] {
  // Nine pieces already exceed any valid address; stop splitting there.
  return text === '' ? [] : text.split(':', 9);
}

export function isIpv6Address(text: string): boolean {
  const elision = text.indexOf('::');
  if (elision === -1) return countGroups(splitPieces(text), true) === 8;
  if (text.indexOf('::', elision + 1) !== -1) return false;
  const before = countGroups(splitPieces(text.slice(0, elision)), false);
  const after = countGroups(splitPieces(text.slice(elision + 2)), true);
  // "::" stands for at least one group of zeros.
  return before !== -1 && after !== -1 && before + after <= 7;
}

/** IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) */
export function isIpvFuture(text: string): boolean {
  if (text[0] !== 'v' && text[0] !== 'V') return false;
  const dot = text.indexOf('.');
  if (dot < 2) return false;
  for (let i = 1; i < dot; i++) {
    if (!isHexDigitCode(text.charCodeAt(i))) return false;
  }
  if (dot === text.length - 1) return false;
  return /^[A-Za-z0-9\-._~!$&'()*+,;=:]+$/.test(text.slice(dot + 1));
}
