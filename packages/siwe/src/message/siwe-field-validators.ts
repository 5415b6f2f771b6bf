/**
 * One rule per EIP-4361 field, shared by the parser (fields read from text)
 * and the formatter (fields given by code), so the two can never disagree on
 * what a message may hold. Each takes `unknown` because the formatter's input
 * is only as typed as its caller, and throws InvalidMessageError naming the
 * field.
 */
import { getAddress, isAddress } from 'viem';
import { rfc3339ToEpochMilliseconds } from '../rfc/rfc3339.js';
import {
  isAlpha,
  isDigit,
  isPcharSequence,
  isReserved,
  isScheme,
  isUnreserved,
  isUri,
  parseAuthority,
} from '../rfc/rfc3986.js';
import { invalidSiweMessage } from './invalid-siwe-message.js';

export const MIN_NONCE_LENGTH = 8;

function assertString(value: unknown, field: string): asserts value is string {
  if (value === undefined || value === null) throw invalidSiweMessage(`${field} is missing`);
  if (typeof value !== 'string') throw invalidSiweMessage(`${field} must be a string`);
}

export function assertScheme(value: unknown): asserts value is string {
  assertString(value, 'scheme');
  if (!isScheme(value)) throw invalidSiweMessage('scheme is not an RFC 3986 scheme');
}

export function assertDomain(value: unknown): asserts value is string {
  assertString(value, 'domain');
  const authority = parseAuthority(value);
  if (authority === undefined) throw invalidSiweMessage('domain is not an RFC 3986 authority');
  if (authority.host === '') throw invalidSiweMessage('domain has no host');
}

export function assertAddress(value: unknown): asserts value is `0x${string}` {
  assertString(value, 'address');
  if (!isAddress(value, { strict: false })) {
    throw invalidSiweMessage('address is not 0x followed by 40 hexadecimal digits');
  }
  // isAddress accepts an all-lowercase address; EIP-4361 wants the checksum.
  if (getAddress(value) !== value) {
    throw invalidSiweMessage('address is not EIP-55 checksummed');
  }
}

/** statement = 1*( reserved / unreserved / " " ); ASCII on one line. */
export function assertStatement(value: unknown): asserts value is string {
  assertString(value, 'statement');
  // The ABNF allows an empty statement, but its blank line reads like a
  // missing one; omit the statement instead.
  if (value === '') throw invalidSiweMessage('statement is empty (omit it instead)');
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x0a) throw invalidSiweMessage('statement contains a line break');
    if (!(code === 0x20 || isReserved(code) || isUnreserved(code))) {
      throw invalidSiweMessage(`statement contains a character EIP-4361 does not allow (${i + 1})`);
    }
  }
}

export function assertUri(value: unknown, field = 'URI'): asserts value is string {
  assertString(value, field);
  if (!isUri(value)) throw invalidSiweMessage(`${field} is not an RFC 3986 URI`);
}

export function assertVersion(value: unknown): asserts value is '1' {
  assertString(value, 'version');
  if (value !== '1') throw invalidSiweMessage('version must be 1');
}

export function assertChainId(value: unknown): asserts value is number {
  if (value === undefined || value === null) throw invalidSiweMessage('chain ID is missing');
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidSiweMessage('chain ID must be a non-negative safe integer');
  }
}

/** chain-id as written in a message: decimal digits, no leading zero unless it is 0. */
export function parseChainId(text: string): number {
  let isDecimal = text.length > 0 && (text === '0' || !text.startsWith('0'));
  for (let i = 0; isDecimal && i < text.length; i++) isDecimal = isDigit(text.charCodeAt(i));
  if (!isDecimal)
    throw invalidSiweMessage('chain ID must be a decimal number without leading zeros');
  // Past 16 digits it cannot be a safe integer; spare Number() a long string.
  const chainId = text.length > 16 ? Number.POSITIVE_INFINITY : Number(text);
  assertChainId(chainId);
  return chainId;
}

/** nonce = 8*( ALPHA / DIGIT ) */
export function assertNonce(value: unknown): asserts value is string {
  assertString(value, 'nonce');
  let isAlphanumeric = value.length >= MIN_NONCE_LENGTH;
  for (let i = 0; isAlphanumeric && i < value.length; i++) {
    const code = value.charCodeAt(i);
    isAlphanumeric = isAlpha(code) || isDigit(code);
  }
  if (!isAlphanumeric) {
    throw invalidSiweMessage(`nonce must be at least ${MIN_NONCE_LENGTH} letters or digits`);
  }
}

/** The instant a date-time field names, in milliseconds since the epoch. */
export function dateTimeToEpochMilliseconds(value: unknown, field: string): number {
  assertString(value, field);
  const milliseconds = rfc3339ToEpochMilliseconds(value);
  if (milliseconds === undefined) {
    throw invalidSiweMessage(`${field} is not a valid RFC 3339 date-time`);
  }
  return milliseconds;
}

export function assertDateTime(value: unknown, field: string): asserts value is string {
  dateTimeToEpochMilliseconds(value, field);
}

/** request-id = *pchar */
export function assertRequestId(value: unknown): asserts value is string {
  assertString(value, 'request ID');
  if (!isPcharSequence(value)) throw invalidSiweMessage('request ID is not a sequence of pchar');
}
