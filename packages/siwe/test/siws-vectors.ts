/**
 * Sign In With Solana vectors, in the style of the EIP-4361 conformance
 * suite: messages every parser of the form must read (with the fields they
 * hold) and messages Sigil's strict parser refuses (with the words of its
 * reason). There is no published SIWS suite; the valid texts are the layout
 * of Phantom's specification and of the Solana Wallet Standard's
 * createSignInMessageText, which siws-conformance.test.ts checks them
 * against byte for byte. The server's suite can run them through signIn.
 */
import type { SiwsMessage } from '../src/index.js';

/** A real key's address (base58 of 32 bytes), 44 characters. */
export const SIWS_ADDRESS = 'EeJLaExneCtMVgHU4o65pTNsNXV3x7Yz4DN7874xKCxK';
const HEADER = 'example.com wants you to sign in with your Solana account:';

export type SiwsPositiveVector = { message: string; fields: SiwsMessage };
export type SiwsNegativeVector = { message: string; reason: string };

const MINIMAL_FIELDS: SiwsMessage = {
  domain: 'example.com',
  address: SIWS_ADDRESS,
  uri: 'https://example.com/login',
  version: '1',
  chainId: 'mainnet',
  nonce: 'abcdef123456',
  issuedAt: '2024-05-01T12:00:00.000Z',
};

/** The minimal message, one line replaced (or removed, with null). */
export const SIWS_MINIMAL_LINES = [
  HEADER,
  SIWS_ADDRESS,
  '',
  'URI: https://example.com/login',
  'Version: 1',
  'Chain ID: mainnet',
  'Nonce: abcdef123456',
  'Issued At: 2024-05-01T12:00:00.000Z',
] as const;

function minimalWith(index: number, line: string | null): string {
  return SIWS_MINIMAL_LINES.flatMap((original, at) =>
    at !== index ? [original] : line === null ? [] : [line],
  ).join('\n');
}

function minimalPlus(...lines: string[]): string {
  return [...SIWS_MINIMAL_LINES, ...lines].join('\n');
}

export const SIWS_POSITIVE: Record<string, SiwsPositiveVector> = {
  'minimal: one blank line and no statement': {
    message: SIWS_MINIMAL_LINES.join('\n'),
    fields: MINIMAL_FIELDS,
  },
  'every field': {
    message: [
      HEADER,
      SIWS_ADDRESS,
      '',
      'Sign in to Sigil: https://example.com/tos',
      '',
      'URI: https://example.com/login',
      'Version: 1',
      'Chain ID: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'Nonce: abcdef123456',
      'Issued At: 2024-05-01T12:00:00.000Z',
      'Expiration Time: 2024-05-01T12:10:00-02:00',
      'Not Before: 2024-05-01T11:59:00Z',
      'Request ID: req-42',
      'Resources:',
      '- ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu',
      '- https://example.com/my-web2-claim.json',
    ].join('\n'),
    fields: {
      domain: 'example.com',
      address: SIWS_ADDRESS,
      statement: 'Sign in to Sigil: https://example.com/tos',
      uri: 'https://example.com/login',
      version: '1',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      nonce: 'abcdef123456',
      issuedAt: '2024-05-01T12:00:00.000Z',
      expirationTime: '2024-05-01T12:10:00-02:00',
      notBefore: '2024-05-01T11:59:00Z',
      requestId: 'req-42',
      resources: [
        'ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu',
        'https://example.com/my-web2-claim.json',
      ],
    },
  },
  'a statement and no optional field': {
    message: [
      ...SIWS_MINIMAL_LINES.slice(0, 3),
      'Sign in.',
      '',
      ...SIWS_MINIMAL_LINES.slice(3),
    ].join('\n'),
    fields: { ...MINIMAL_FIELDS, statement: 'Sign in.' },
  },
  'a statement that reads like a field': {
    message: [
      ...SIWS_MINIMAL_LINES.slice(0, 3),
      'URI: https://example.org',
      '',
      ...SIWS_MINIMAL_LINES.slice(3),
    ].join('\n'),
    fields: { ...MINIMAL_FIELDS, statement: 'URI: https://example.org' },
  },
  'devnet by name': {
    message: minimalWith(5, 'Chain ID: devnet'),
    fields: { ...MINIMAL_FIELDS, chainId: 'devnet' },
  },
  'testnet as the Wallet Standard names it': {
    message: minimalWith(5, 'Chain ID: solana:testnet'),
    fields: { ...MINIMAL_FIELDS, chainId: 'solana:testnet' },
  },
  'devnet as CAIP-2 names it': {
    message: minimalWith(5, 'Chain ID: solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'),
    fields: { ...MINIMAL_FIELDS, chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' },
  },
  'localnet (grammatical; no cluster Sigil enables)': {
    message: minimalWith(5, 'Chain ID: localnet'),
    fields: { ...MINIMAL_FIELDS, chainId: 'localnet' },
  },
  'the all-zero key, 32 ones': {
    message: minimalWith(1, '11111111111111111111111111111111'),
    fields: { ...MINIMAL_FIELDS, address: '11111111111111111111111111111111' },
  },
  'a domain with a port': {
    message: minimalWith(0, 'localhost:3000 wants you to sign in with your Solana account:'),
    fields: { ...MINIMAL_FIELDS, domain: 'localhost:3000' },
  },
  'an empty list of resources': {
    message: minimalPlus('Resources:'),
    fields: { ...MINIMAL_FIELDS, resources: [] },
  },
};

const LONG = 'a'.repeat(16 * 1024);

export const SIWS_NEGATIVE: Record<string, SiwsNegativeVector> = {
  'empty text': { message: '', reason: 'line 1 must be' },
  'longer than 16 KiB': { message: minimalPlus(`Request ID: ${LONG}`), reason: 'longer than' },
  'CRLF line endings': {
    message: SIWS_MINIMAL_LINES.join('\r\n'),
    reason: 'line 1 ends with CR',
  },
  'a trailing line break': { message: `${SIWS_MINIMAL_LINES.join('\n')}\n`, reason: 'line break' },
  'a trailing blank line': { message: minimalPlus(''), reason: 'line break' },
  'a trailing space on the version': {
    message: minimalWith(4, 'Version: 1 '),
    reason: 'version must be 1',
  },
  'a trailing space after the address': {
    message: minimalWith(1, `${SIWS_ADDRESS} `),
    reason: 'address is not the base58 text',
  },
  'a trailing space on the first line': {
    message: minimalWith(0, `${HEADER} `),
    reason: 'line 1 must be',
  },
  'a trailing space on the chain id': {
    message: minimalWith(5, 'Chain ID: mainnet '),
    reason: 'chain ID must be mainnet',
  },
  'a trailing space on the issued-at time': {
    message: minimalWith(7, 'Issued At: 2024-05-01T12:00:00.000Z '),
    reason: 'issued-at time is not',
  },
  'a tab': {
    message: minimalWith(3, 'URI:\thttps://example.com/login'),
    reason: 'printable ASCII',
  },
  'a Cyrillic letter in the domain': {
    message: minimalWith(0, 'ex\u0430mple.com wants you to sign in with your Solana account:'),
    reason: 'printable ASCII',
  },
  'an Ethereum first line': {
    message: minimalWith(0, 'example.com wants you to sign in with your Ethereum account:'),
    reason: 'Ethereum account',
  },
  'a first line of neither family': {
    message: minimalWith(0, 'example.com wants you to sign in with your solana account:'),
    reason: 'line 1 must be',
  },
  'a scheme before the domain': {
    message: minimalWith(0, 'https://example.com wants you to sign in with your Solana account:'),
    reason: 'scheme',
  },
  'no domain': {
    message: minimalWith(0, ' wants you to sign in with your Solana account:'),
    reason: 'domain has no host',
  },
  'a domain that is not an authority': {
    message: minimalWith(0, 'example.com/path wants you to sign in with your Solana account:'),
    reason: 'domain',
  },
  'an Ethereum address': {
    message: minimalWith(1, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'),
    reason: 'Ethereum address',
  },
  'an address of 31 bytes': {
    message: minimalWith(1, '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofL'),
    reason: '32-byte key',
  },
  'an address of 33 bytes in 44 characters': {
    message: minimalWith(1, 'z'.repeat(44)),
    reason: '32-byte key',
  },
  'an address with a zero, which base58 lacks': {
    message: minimalWith(1, `0${SIWS_ADDRESS.slice(1)}`),
    reason: '32-byte key',
  },
  'an address with a leading zero byte spelled twice': {
    message: minimalWith(1, `1${SIWS_ADDRESS}`),
    reason: '32-byte key',
  },
  'a CAIP-10 address': {
    message: minimalWith(1, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SIWS_ADDRESS}`),
    reason: '32-byte key',
  },
  'no address line': { message: HEADER, reason: 'address line is missing' },
  'an empty address line': { message: minimalWith(1, ''), reason: 'address is not' },
  'no blank line after the address': {
    message: minimalWith(2, null),
    reason: 'line 3 must be empty',
  },
  'the EIP-4361 layout: two blank lines and no statement': {
    message: [...SIWS_MINIMAL_LINES.slice(0, 3), '', ...SIWS_MINIMAL_LINES.slice(3)].join('\n'),
    reason: 'one blank line, not two',
  },
  'no blank line after the statement': {
    message: [...SIWS_MINIMAL_LINES.slice(0, 3), 'Sign in.', ...SIWS_MINIMAL_LINES.slice(3)].join(
      '\n',
    ),
    reason: 'line 4 must be "URI: …"',
  },
  'a statement of two paragraphs': {
    message: [
      ...SIWS_MINIMAL_LINES.slice(0, 3),
      'Sign in.',
      '',
      'Really.',
      '',
      ...SIWS_MINIMAL_LINES.slice(3),
    ].join('\n'),
    reason: 'line 6 must be "URI: …"',
  },
  'a statement with a character the grammar lacks': {
    message: [
      ...SIWS_MINIMAL_LINES.slice(0, 3),
      'Say "hi"',
      '',
      ...SIWS_MINIMAL_LINES.slice(3),
    ].join('\n'),
    reason: 'statement contains a character',
  },
  'only the domain and address (the Wallet Standard minimum)': {
    message: SIWS_MINIMAL_LINES.slice(0, 2).join('\n'),
    reason: 'line 3 must be empty',
  },
  'no URI': { message: minimalWith(3, null), reason: 'line 4 must be "URI: …"' },
  'a URI that is not RFC 3986': { message: minimalWith(3, 'URI: not a uri'), reason: 'URI is not' },
  'no space after the label': {
    message: minimalWith(3, 'URI:https://example.com/login'),
    reason: 'line 4 must be "URI: …"',
  },
  'version 2': { message: minimalWith(4, 'Version: 2'), reason: 'version must be 1' },
  'no version': { message: minimalWith(4, null), reason: 'must be "Version: …"' },
  'no chain id': { message: minimalWith(5, null), reason: 'must be "Chain ID: …"' },
  'an EIP-155 chain id': { message: minimalWith(5, 'Chain ID: 1'), reason: 'EIP-155 chain' },
  'an eip155: chain id': { message: minimalWith(5, 'Chain ID: eip155:1'), reason: 'EIP-155 chain' },
  'a cluster name in capitals': {
    message: minimalWith(5, 'Chain ID: Mainnet'),
    reason: 'chain ID must be mainnet',
  },
  'an unknown solana: name': {
    message: minimalWith(5, 'Chain ID: solana:betanet'),
    reason: 'genesis reference',
  },
  'a genesis reference of 31 characters': {
    message: minimalWith(5, 'Chain ID: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvd'),
    reason: 'genesis reference',
  },
  'a genesis reference with a character base58 lacks': {
    message: minimalWith(5, 'Chain ID: solana:0eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'),
    reason: 'genesis reference',
  },
  'no nonce': { message: minimalWith(6, null), reason: 'must be "Nonce: …"' },
  'a nonce of 7 characters': { message: minimalWith(6, 'Nonce: abc1234'), reason: 'nonce' },
  'a nonce with a dash': { message: minimalWith(6, 'Nonce: abcd-12345'), reason: 'nonce' },
  'no issued-at time': {
    message: minimalWith(7, null),
    reason: 'the "Issued At: …" line is missing',
  },
  'an issued-at time that is not RFC 3339': {
    message: minimalWith(7, 'Issued At: 2024-05-01 12:00:00'),
    reason: 'issued-at time is not',
  },
  'an expiration time that is not RFC 3339': {
    message: minimalPlus('Expiration Time: tomorrow'),
    reason: 'expiration time is not',
  },
  'a not-before time that is not RFC 3339': {
    message: minimalPlus('Not Before: 2024-13-01T00:00:00Z'),
    reason: 'not-before time is not',
  },
  'an empty request id': { message: minimalPlus('Request ID: '), reason: 'request ID is empty' },
  'a request id that is not pchar': {
    message: minimalPlus('Request ID: a b'),
    reason: 'request ID is not',
  },
  'fields out of order': {
    message: [
      ...SIWS_MINIMAL_LINES.slice(0, 5),
      'Nonce: abcdef123456',
      'Chain ID: mainnet',
      SIWS_MINIMAL_LINES[7],
    ].join('\n'),
    reason: 'must be "Chain ID: …"',
  },
  'optional fields out of order': {
    message: minimalPlus(
      'Not Before: 2024-05-01T11:59:00Z',
      'Expiration Time: 2024-05-01T12:10:00Z',
    ),
    reason: 'out of order',
  },
  'a field twice': {
    message: minimalPlus('Issued At: 2024-05-01T12:00:00.000Z'),
    reason: 'out of order',
  },
  'a field of another form': { message: minimalPlus('Scheme: https'), reason: 'out of order' },
  'a blank line between fields': {
    message: [...SIWS_MINIMAL_LINES.slice(0, 5), '', ...SIWS_MINIMAL_LINES.slice(5)].join('\n'),
    reason: 'must be "Chain ID: …"',
  },
  'a resource that is not a URI': {
    message: minimalPlus('Resources:', '- not a uri'),
    reason: 'resource 1 is not',
  },
  'a line after the resources': {
    message: minimalPlus('Resources:', '- https://example.com', 'Request ID: late'),
    reason: 'must be a resource',
  },
};
