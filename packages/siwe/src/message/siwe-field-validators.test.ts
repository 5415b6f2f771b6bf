import { describe, expect, it } from 'vitest';
import { InvalidMessageError } from '../errors/siwe.js';
import {
  assertAddress,
  assertChainId,
  assertDomain,
  assertNonce,
  assertRequestId,
  assertStatement,
  assertUri,
  dateTimeToEpochMilliseconds,
  parseChainId,
} from './siwe-field-validators.js';

const CHECKSUMMED = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

function reasonOf(check: () => unknown): string {
  try {
    check();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidMessageError);
    return (error as InvalidMessageError).message;
  }
  throw new Error('expected the check to refuse its input');
}

describe('assertAddress', () => {
  it('accepts an EIP-55 checksummed address', () => {
    expect(() => assertAddress(CHECKSUMMED)).not.toThrow();
  });

  it('refuses the same address in lower case', () => {
    expect(reasonOf(() => assertAddress(CHECKSUMMED.toLowerCase()))).toBe(
      'Invalid EIP-4361 message: address is not EIP-55 checksummed',
    );
  });

  it('refuses an address with one letter in the wrong case', () => {
    expect(reasonOf(() => assertAddress('0xc02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'))).toMatch(
      /not EIP-55 checksummed/,
    );
  });

  it.each([
    ['39 digits', CHECKSUMMED.slice(0, -1)],
    ['41 digits', `${CHECKSUMMED}0`],
    ['no 0x', CHECKSUMMED.slice(2)],
    ['a Cyrillic С', CHECKSUMMED.replace('C', 'С')],
  ])('refuses an address with %s', (_, address) => {
    expect(reasonOf(() => assertAddress(address))).toMatch(/40 hexadecimal digits/);
  });
});

describe('assertDomain', () => {
  it('refuses an authority without a host', () => {
    expect(reasonOf(() => assertDomain('user@:80'))).toMatch(/domain has no host/);
  });

  it('says a missing domain is missing', () => {
    expect(reasonOf(() => assertDomain(undefined))).toMatch(/domain is missing/);
  });
});

describe('assertStatement', () => {
  it('accepts reserved and unreserved characters and spaces', () => {
    expect(() =>
      assertStatement("I accept: https://x.org/tos?a=b#c [1] (ok) it's $5 & ~_-."),
    ).not.toThrow();
  });

  it.each([
    ['a line break', 'one\ntwo', /line break/],
    ['a double quote', 'say "hi"', /does not allow \(5\)/],
    ['a percent sign', '100%', /does not allow/],
    ['a non-ASCII letter', 'café', /does not allow/],
    ['nothing', '', /statement is empty/],
  ])('refuses a statement with %s', (_, statement, reason) => {
    expect(reasonOf(() => assertStatement(statement))).toMatch(reason);
  });
});

describe('parseChainId', () => {
  it.each([
    ['1', 1],
    ['0', 0],
    ['11155111', 11155111],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %s', (text, chainId) => {
    expect(parseChainId(text)).toBe(chainId);
  });

  it.each(['', '01', '-1', '+1', '1.0', '1e3', '0x1', ' 1', '?', '１'])('refuses "%s"', (text) => {
    expect(reasonOf(() => parseChainId(text))).toMatch(/chain ID must be a decimal number/);
  });

  it('refuses a chain id beyond the safe integers', () => {
    expect(reasonOf(() => parseChainId('9007199254740993'))).toMatch(/safe integer/);
  });
});

describe('assertChainId', () => {
  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '1'])('refuses %s', (value) => {
    expect(reasonOf(() => assertChainId(value))).toMatch(/chain ID must be a non-negative/);
  });
});

describe('assertNonce', () => {
  it('accepts 8 letters and digits', () => {
    expect(() => assertNonce('aZ3456b8')).not.toThrow();
  });

  it.each(['1234567', '1234-5678', '12345678 ', 'ａbcdefgh'])('refuses "%s"', (nonce) => {
    expect(reasonOf(() => assertNonce(nonce))).toMatch(/at least 8 letters or digits/);
  });
});

describe('dateTimeToEpochMilliseconds', () => {
  it('names the field whose time is invalid', () => {
    expect(
      reasonOf(() => dateTimeToEpochMilliseconds('2022-02-31T00:00:00Z', 'expiration time')),
    ).toBe('Invalid EIP-4361 message: expiration time is not a valid RFC 3339 date-time');
  });
});

describe('assertRequestId', () => {
  it('accepts an empty request id', () => {
    expect(() => assertRequestId('')).not.toThrow();
  });

  it('refuses a request id with a space', () => {
    expect(reasonOf(() => assertRequestId('a b'))).toMatch(/request ID/);
  });
});

describe('assertUri', () => {
  it('says a URI of the wrong type must be a string', () => {
    expect(reasonOf(() => assertUri(42))).toMatch(/URI must be a string/);
  });
});
