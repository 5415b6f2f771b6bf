import { createSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { InvalidMessageError } from '../errors/siwe.js';
import { formatSiweMessage } from './format-siwe-message.js';
import { parseSiweMessage } from './parse-siwe-message.js';
import type { SiweMessage } from './siwe-message.js';

const MINIMAL: SiweMessage = {
  domain: 'service.org',
  address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  uri: 'https://service.org/login',
  version: '1',
  chainId: 1,
  nonce: '32891757',
  issuedAt: '2021-09-30T16:25:24.000Z',
};

const FULL: SiweMessage = {
  ...MINIMAL,
  scheme: 'https',
  statement: 'I accept the ServiceOrg Terms of Service: https://service.org/tos',
  expirationTime: '2021-10-30T16:25:24.000Z',
  notBefore: '2021-09-30T16:25:24.000Z',
  requestId: 'some_id',
  resources: [
    'ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu',
    'https://example.com/my-web2-claim.json',
  ],
};

function reasonOf(fields: unknown): string {
  try {
    formatSiweMessage(fields as SiweMessage);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidMessageError);
    return (error as InvalidMessageError).message;
  }
  throw new Error('expected the fields to be refused');
}

describe('formatSiweMessage', () => {
  it('writes the canonical text of EIP-4361', () => {
    expect(formatSiweMessage(FULL)).toBe(
      [
        'https://service.org wants you to sign in with your Ethereum account:',
        '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
        '',
        'I accept the ServiceOrg Terms of Service: https://service.org/tos',
        '',
        'URI: https://service.org/login',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: 32891757',
        'Issued At: 2021-09-30T16:25:24.000Z',
        'Expiration Time: 2021-10-30T16:25:24.000Z',
        'Not Before: 2021-09-30T16:25:24.000Z',
        'Request ID: some_id',
        'Resources:',
        '- ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu',
        '- https://example.com/my-web2-claim.json',
      ].join('\n'),
    );
  });

  it('writes the same text as viem, so wallets sign what the server reads', () => {
    expect(formatSiweMessage(FULL)).toBe(
      createSiweMessage({
        ...FULL,
        issuedAt: new Date(FULL.issuedAt),
        expirationTime: new Date(FULL.expirationTime ?? ''),
        notBefore: new Date(FULL.notBefore ?? ''),
      }),
    );
  });

  it('leaves a blank line in place of a missing statement', () => {
    expect(formatSiweMessage(MINIMAL)).toBe(
      [
        'service.org wants you to sign in with your Ethereum account:',
        '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
        '',
        '',
        'URI: https://service.org/login',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: 32891757',
        'Issued At: 2021-09-30T16:25:24.000Z',
      ].join('\n'),
    );
  });

  it.each([
    ['every field', FULL],
    ['only the required fields', MINIMAL],
    ['an empty resource list', { ...MINIMAL, resources: [] }],
    ['an empty request id', { ...MINIMAL, requestId: '' }],
    ['an IPv6 domain with userinfo and port', { ...MINIMAL, domain: 'me@[::1]:3000' }],
  ])('round-trips %s through the parser', (_, fields: SiweMessage) => {
    expect(parseSiweMessage(formatSiweMessage(fields))).toStrictEqual(fields);
  });

  it.each([
    ['a missing domain', { ...MINIMAL, domain: undefined }, /domain is missing/],
    ['a domain that is not an authority', { ...MINIMAL, domain: '#notrfc4501' }, /domain is not/],
    ['a domain with a space', { ...MINIMAL, domain: 'evil.org wants you' }, /domain is not/],
    ['a scheme that is not one', { ...MINIMAL, scheme: 'ht tp' }, /scheme/],
    ['a null scheme', { ...MINIMAL, scheme: null }, /scheme is missing/],
    ['a lower-case address', { ...MINIMAL, address: MINIMAL.address.toLowerCase() }, /not EIP-55/],
    [
      'an address with a wrong checksum',
      { ...MINIMAL, address: '0xE5A12547fe4E872D192E3eCecb76F2Ce1aeA4946' },
      /not EIP-55/,
    ],
    ['a statement with a line break', { ...MINIMAL, statement: 'a\nb' }, /line break/],
    ['a statement with CR', { ...MINIMAL, statement: 'a\rb' }, /statement contains/],
    ['an empty statement', { ...MINIMAL, statement: '' }, /statement is empty/],
    ['a URI that is not one', { ...MINIMAL, uri: ':not_a_rfc3986_valid_uri_' }, /URI is not/],
    ['version 3', { ...MINIMAL, version: '3' }, /version must be 1/],
    ['a numeric version', { ...MINIMAL, version: 1 }, /version must be a string/],
    ['a chain id that is not a number', { ...MINIMAL, chainId: '?' }, /chain ID/],
    ['a fractional chain id', { ...MINIMAL, chainId: 1.5 }, /chain ID/],
    ['a 7-character nonce', { ...MINIMAL, nonce: '1234567' }, /nonce/],
    ['an invalid calendar date', { ...MINIMAL, issuedAt: '2022-02-31T17:09:38.578Z' }, /issued-at/],
    [
      'a Date instead of text',
      { ...MINIMAL, issuedAt: new Date() },
      /issued-at time must be a string/,
    ],
    [
      'an expiration time in words',
      { ...MINIMAL, expirationTime: 'Wed Oct 05 2011' },
      /expiration/,
    ],
    ['a not-before time in words', { ...MINIMAL, notBefore: 'soon' }, /not-before/],
    ['a request id with a slash', { ...MINIMAL, requestId: 'a/b' }, /request ID/],
    [
      'a resource that is not a URI',
      { ...MINIMAL, resources: ['https://a.org', ':x'] },
      /resource 2/,
    ],
    [
      'a resource with a line break',
      { ...MINIMAL, resources: ['https://a.org\n- https://b.org'] },
      /resource 1/,
    ],
    ['no fields at all', null, /fields must be an object/],
  ])('refuses %s', (_, fields, reason) => {
    expect(reasonOf(fields)).toMatch(reason);
  });

  it('refuses fields whose text would pass the length limit', () => {
    const resources = Array.from({ length: 1000 }, (_, index) => `https://e.org/${index}`);
    expect(reasonOf({ ...MINIMAL, resources })).toMatch(/longer than 16384 characters/);
  });
});

describe('formatSiweMessage resources', () => {
  it('names the resource that is not a URI', () => {
    expect(reasonOf({ ...MINIMAL, resources: ['https://a.org', 'nope'] })).toMatch(
      /resource 2 is not an RFC 3986 URI/,
    );
  });

  it('refuses a resource list that is not a list', () => {
    expect(reasonOf({ ...MINIMAL, resources: 'https://a.org' })).toMatch(/list of URIs/);
  });
});
