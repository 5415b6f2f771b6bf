import { describe, expect, it } from 'vitest';
import { SIWS_ADDRESS, SIWS_POSITIVE } from '../../test/siws-vectors.js';
import { InvalidMessageError } from '../errors/siwe.js';
import { formatSiwsMessage } from './format-siws-message.js';
import { parseSiwsMessage } from './parse-siws-message.js';
import { MAX_SIWS_MESSAGE_LENGTH, type SiwsMessage } from './siws-message.js';

const FIELDS: SiwsMessage = {
  domain: 'example.com',
  address: SIWS_ADDRESS,
  uri: 'https://example.com/login',
  version: '1',
  chainId: 'devnet',
  nonce: 'abcdef123456',
  issuedAt: '2024-05-01T12:00:00Z',
};

function reasonOf(fields: unknown): unknown {
  try {
    formatSiwsMessage(fields as SiwsMessage);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidMessageError);
    expect((error as InvalidMessageError).message).toMatch(/^Invalid Sign In With Solana message/);
    return (error as InvalidMessageError).details.reason;
  }
  throw new Error('expected the fields to be refused');
}

describe('formatSiwsMessage', () => {
  it('round-trips every positive vector through the parser', () => {
    for (const { fields } of Object.values(SIWS_POSITIVE)) {
      expect(parseSiwsMessage(formatSiwsMessage(fields))).toStrictEqual(fields);
    }
  });

  it.each([
    ['fields that are not an object', null, 'fields must be an object'],
    ['a scheme in the domain', { ...FIELDS, domain: 'https://example.com' }, 'scheme'],
    [
      'an Ethereum address',
      { ...FIELDS, address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' },
      'Ethereum address',
    ],
    ['no address', { ...FIELDS, address: undefined }, 'address is missing'],
    ['an empty statement', { ...FIELDS, statement: '' }, 'statement is empty (omit it instead)'],
    [
      'a statement of two lines',
      { ...FIELDS, statement: 'a\n\nb' },
      'statement contains a line break',
    ],
    ['an EIP-155 chain id', { ...FIELDS, chainId: 1 }, 'chain ID must be a string'],
    ['an eip155: chain id', { ...FIELDS, chainId: 'eip155:1' }, 'EIP-155 chain'],
    ['version 2', { ...FIELDS, version: '2' }, 'version must be 1'],
    ['a short nonce', { ...FIELDS, nonce: 'abc' }, 'nonce must be at least 8 letters or digits'],
    [
      'a date that is not RFC 3339',
      { ...FIELDS, issuedAt: 'today' },
      'issued-at time is not a valid RFC 3339 date-time',
    ],
    ['an empty request id', { ...FIELDS, requestId: '' }, 'request ID is empty (omit it instead)'],
    [
      'resources that are not a list',
      { ...FIELDS, resources: 'https://a.example' },
      'resources must be a list of URIs',
    ],
    [
      'a resource that is not a URI',
      { ...FIELDS, resources: ['https://a.example', 'no'] },
      'resource 2 is not an RFC 3986 URI',
    ],
    [
      'a message past the limit',
      { ...FIELDS, requestId: 'a'.repeat(MAX_SIWS_MESSAGE_LENGTH) },
      `message would be longer than ${MAX_SIWS_MESSAGE_LENGTH} characters`,
    ],
  ])('refuses %s', (_name, fields, reason) => {
    expect(reasonOf(fields)).toContain(reason);
  });
});
