import { describe, expect, it } from 'vitest';
import { InvalidMessageError } from '../errors/siwe.js';
import { parseSiweMessage } from './parse-siwe-message.js';
import { MAX_SIWE_MESSAGE_LENGTH } from './siwe-message.js';

const ADDRESS = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const HEADER = 'example.com wants you to sign in with your Ethereum account:';

const FULL_LINES = [
  `https://${HEADER}`,
  ADDRESS,
  '',
  'Sign in to Sigil: https://example.com/tos',
  '',
  'URI: https://example.com/login',
  'Version: 1',
  'Chain ID: 8453',
  'Nonce: abcdef123456',
  'Issued At: 2024-05-01T12:00:00.000Z',
  'Expiration Time: 2024-05-01T12:10:00-02:00',
  'Not Before: 2024-05-01T11:59:00Z',
  'Request ID: req-42',
  'Resources:',
  '- ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu',
  '- https://example.com/my-web2-claim.json',
];

const MINIMAL_LINES = [
  HEADER,
  ADDRESS,
  '',
  '',
  'URI: https://example.com/login',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: abcdef123456',
  'Issued At: 2024-05-01T12:00:00Z',
];

const MINIMAL = MINIMAL_LINES.join('\n');

function withLine(lines: readonly string[], index: number, line: string): string {
  return lines.map((original, at) => (at === index ? line : original)).join('\n');
}

function reasonOf(text: string): string {
  try {
    parseSiweMessage(text);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidMessageError);
    expect(error).toHaveProperty('code', 'INVALID_MESSAGE');
    return (error as InvalidMessageError).message;
  }
  throw new Error('expected the message to be refused');
}

describe('parseSiweMessage', () => {
  it('reads every field of a message that has them all', () => {
    expect(parseSiweMessage(FULL_LINES.join('\n'))).toStrictEqual({
      scheme: 'https',
      domain: 'example.com',
      address: ADDRESS,
      statement: 'Sign in to Sigil: https://example.com/tos',
      uri: 'https://example.com/login',
      version: '1',
      chainId: 8453,
      nonce: 'abcdef123456',
      issuedAt: '2024-05-01T12:00:00.000Z',
      expirationTime: '2024-05-01T12:10:00-02:00',
      notBefore: '2024-05-01T11:59:00Z',
      requestId: 'req-42',
      resources: [
        'ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu',
        'https://example.com/my-web2-claim.json',
      ],
    });
  });

  it('leaves out the optional fields a message does not have', () => {
    expect(parseSiweMessage(MINIMAL)).toStrictEqual({
      domain: 'example.com',
      address: ADDRESS,
      uri: 'https://example.com/login',
      version: '1',
      chainId: 1,
      nonce: 'abcdef123456',
      issuedAt: '2024-05-01T12:00:00Z',
    });
  });

  it('reads a "Resources:" line without resources as an empty list', () => {
    expect(parseSiweMessage(`${MINIMAL}\nResources:`).resources).toStrictEqual([]);
  });

  it('reads an empty request id', () => {
    expect(parseSiweMessage(`${MINIMAL}\nRequest ID: `).requestId).toBe('');
  });

  it('reads chain id 0 and the largest safe integer', () => {
    expect(parseSiweMessage(withLine(MINIMAL_LINES, 6, 'Chain ID: 0')).chainId).toBe(0);
    expect(parseSiweMessage(withLine(MINIMAL_LINES, 6, 'Chain ID: 9007199254740991')).chainId).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });

  it('reads a statement that looks like a field', () => {
    const text = withLine(MINIMAL_LINES, 3, 'URI: https://evil.example\n');
    expect(parseSiweMessage(text)).toMatchObject({
      statement: 'URI: https://evil.example',
      uri: 'https://example.com/login',
    });
  });

  it.each([
    ['a lower-case address', withLine(MINIMAL_LINES, 1, ADDRESS.toLowerCase()), /not EIP-55/],
    [
      'an address with a wrong checksum',
      withLine(MINIMAL_LINES, 1, '0xc02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'),
      /not EIP-55/,
    ],
    ['a short address', withLine(MINIMAL_LINES, 1, ADDRESS.slice(0, 41)), /40 hexadecimal/],
    [
      'a header in other words',
      withLine(MINIMAL_LINES, 0, 'example.com wants you to sign in with your ethereum account:'),
      /line 1 must be/,
    ],
    ['an empty domain', withLine(MINIMAL_LINES, 0, HEADER.replace('example.com', '')), /domain/],
    [
      'a domain with a path',
      withLine(MINIMAL_LINES, 0, HEADER.replace('example.com', 'example.com/login')),
      /domain is not an RFC 3986 authority/,
    ],
    [
      'a scheme that is not one',
      withLine(MINIMAL_LINES, 0, `1http://${HEADER}`),
      /scheme is not an RFC 3986 scheme/,
    ],
    ['no blank line after the address', withLine(MINIMAL_LINES, 2, 'x'), /line 3 must be empty/],
    [
      'a statement broken over two lines',
      withLine(MINIMAL_LINES, 3, 'I accept\nthe terms\n'),
      /line 5 must be empty \(after the statement\)/,
    ],
    [
      'a statement followed by a blank line in it',
      withLine(MINIMAL_LINES, 3, 'I accept\n\nthe terms\n'),
      /line 6 must be "URI: …"/,
    ],
    ['an empty statement', withLine(MINIMAL_LINES, 3, '\n'), /statement is empty/],
    ['a statement with a quote', withLine(MINIMAL_LINES, 3, 'say "yes"\n'), /statement/],
    ['a relative URI', withLine(MINIMAL_LINES, 4, 'URI: /login'), /URI is not an RFC 3986 URI/],
    [
      '"URI:" without a space',
      withLine(MINIMAL_LINES, 4, 'URI:https://x.org'),
      /line 5 must be "URI: …"/,
    ],
    ['version 2', withLine(MINIMAL_LINES, 5, 'Version: 2'), /version must be 1/],
    ['version 01', withLine(MINIMAL_LINES, 5, 'Version: 01'), /version must be 1/],
    ['a chain id with a leading zero', withLine(MINIMAL_LINES, 6, 'Chain ID: 01'), /chain ID/],
    ['a negative chain id', withLine(MINIMAL_LINES, 6, 'Chain ID: -1'), /chain ID/],
    ['a hexadecimal chain id', withLine(MINIMAL_LINES, 6, 'Chain ID: 0x1'), /chain ID/],
    [
      'an unsafe chain id',
      withLine(MINIMAL_LINES, 6, 'Chain ID: 9007199254740993'),
      /safe integer/,
    ],
    ['a 7-character nonce', withLine(MINIMAL_LINES, 7, 'Nonce: 1234567'), /nonce/],
    ['a nonce with a dash', withLine(MINIMAL_LINES, 7, 'Nonce: 1234-5678'), /nonce/],
    [
      'an issued-at time on February 31st',
      withLine(MINIMAL_LINES, 8, 'Issued At: 2022-02-31T17:09:38.578Z'),
      /issued-at time is not a valid RFC 3339 date-time/,
    ],
    [
      'an expiration time without offset',
      `${MINIMAL}\nExpiration Time: 2022-03-01T00:00:00`,
      /expiration time is not/,
    ],
    ['a not-before time in words', `${MINIMAL}\nNot Before: tomorrow`, /not-before time is not/],
    ['a request id with a space', `${MINIMAL}\nRequest ID: a b`, /request ID/],
    [
      'a resource without its dash',
      `${MINIMAL}\nResources:\nhttps://x.org`,
      /line 11 must be a resource/,
    ],
    ['a resource that is not a URI', `${MINIMAL}\nResources:\n- x.org`, /resource 1 is not/],
    [
      'two resources on one line',
      `${MINIMAL}\nResources:\n- https://a.org - https://b.org`,
      /resource 1/,
    ],
    ['a missing nonce line', withLine(MINIMAL_LINES, 7, ''), /line 8 must be "Nonce: …"/],
    [
      'a missing issued-at line',
      MINIMAL_LINES.slice(0, 8).join('\n'),
      /"Issued At: …" line is missing/,
    ],
    [
      'a repeated nonce',
      `${MINIMAL_LINES.slice(0, 8).join('\n')}\nNonce: abcdef123456\n${MINIMAL_LINES[8]}`,
      /line 9 must be "Issued At: …"/,
    ],
    [
      'a repeated expiration time',
      `${MINIMAL}\nExpiration Time: 2024-05-01T12:10:00Z\nExpiration Time: 2024-05-01T12:10:00Z`,
      /line 11 is out of order, repeated or not an EIP-4361 field/,
    ],
    [
      'not-before ahead of expiration time',
      `${MINIMAL}\nNot Before: 2024-05-01T12:00:00Z\nExpiration Time: 2024-05-01T12:10:00Z`,
      /line 11 is out of order/,
    ],
    ['an unknown field', `${MINIMAL}\nColor: blue`, /line 10 is out of order/],
    [
      'a blank line before the optional fields',
      `${MINIMAL}\n\nRequest ID: x`,
      /line 10 is out of order/,
    ],
    ['a trailing line break', `${MINIMAL}\n`, /must not end with a line break/],
    ['CRLF line endings', MINIMAL.replaceAll('\n', '\r\n'), /line 1 ends with CR/],
    [
      'a tab in the statement',
      withLine(MINIMAL_LINES, 3, 'a\tb\n'),
      /line 4 contains a character outside printable ASCII/,
    ],
    ['a NUL byte', `${MINIMAL}\u0000`, /outside printable ASCII/],
  ])('refuses %s', (_, text, reason) => {
    expect(reasonOf(text)).toMatch(reason);
  });

  it('says what is wrong in a short message', () => {
    expect(reasonOf(withLine(MINIMAL_LINES, 1, ADDRESS.toLowerCase()))).toBe(
      'Invalid EIP-4361 message: address is not EIP-55 checksummed',
    );
  });

  describe('with Unicode lookalikes', () => {
    it.each([
      [
        'a Cyrillic "а" in the domain',
        withLine(MINIMAL_LINES, 0, HEADER.replace('example', 'exаmple')),
      ],
      ['a Cyrillic "С" in the address', withLine(MINIMAL_LINES, 1, ADDRESS.replace('C', 'С'))],
      [
        'a Roman numeral "Ⅰ" in "Issued At"',
        withLine(MINIMAL_LINES, 8, 'Ⅰssued At: 2024-05-01T12:00:00Z'),
      ],
      ['fullwidth digits in the chain id', withLine(MINIMAL_LINES, 6, 'Chain ID: １')],
      [
        'a no-break space after "URI:"',
        withLine(MINIMAL_LINES, 4, 'URI:\u00a0https://example.com/login'),
      ],
      ['a zero-width space in the nonce', withLine(MINIMAL_LINES, 7, 'Nonce: abcdef\u200b123456')],
      ['a Unicode line separator in the statement', withLine(MINIMAL_LINES, 3, 'a\u2028b\n')],
      ['a right-to-left override in the statement', withLine(MINIMAL_LINES, 3, 'a\u202eb\n')],
    ])('refuses %s', (_, text) => {
      expect(reasonOf(text)).toMatch(/outside printable ASCII/);
    });
  });

  describe('with hostile input', () => {
    it('refuses text one character over the limit without reading it', () => {
      expect(reasonOf('a'.repeat(MAX_SIWE_MESSAGE_LENGTH + 1))).toMatch(/longer than 16384/);
    });

    it('reads a 10 000-character nonce whole', () => {
      const nonce = 'aB3'.repeat(3334).slice(0, 10_000);
      expect(parseSiweMessage(withLine(MINIMAL_LINES, 7, `Nonce: ${nonce}`)).nonce).toBe(nonce);
    });

    /** Fills `build`'s gap with `unit` until the text is as long as the limit allows. */
    function maximal(build: (filler: string) => string, unit: string): string {
      const room = MAX_SIWE_MESSAGE_LENGTH - build('').length;
      return build(unit.repeat(Math.floor(room / unit.length)));
    }

    const hostile: [string, string][] = [
      ['one line of letters', maximal((f) => f, 'a')],
      ['only line breaks', maximal((f) => f, '\n')],
      ['many short lines', maximal((f) => `${f}x`, 'x\n')],
      ['CRLF pairs', maximal((f) => f, '\r\n')],
      [
        'the header repeated',
        maximal((f) => f, ' wants you to sign in with your Ethereum account:'),
      ],
      ['a scheme separator flood', maximal((f) => `${f}${HEADER}`, '://')],
      ['an at-sign flood in the domain', maximal((f) => `${f}${HEADER}`, 'a@')],
      [
        'a colon flood in an IP literal',
        maximal((f) => `${HEADER.replace('example.com', `[${f}]`)}`, '1:'),
      ],
      [
        'a maximal statement',
        maximal((f) => withLine(MINIMAL_LINES, 3, `${f}\n`), "/?#[]@!$&'()*+,;=a "),
      ],
      [
        'a maximal URI of percent-encodings',
        maximal((f) => withLine(MINIMAL_LINES, 4, `URI: https://e.org/${f}`), '%41'),
      ],
      [
        'a URI of broken percent-encodings',
        maximal((f) => withLine(MINIMAL_LINES, 4, `URI: https://e.org/${f}`), '%4/'),
      ],
      ['a maximal nonce', maximal((f) => withLine(MINIMAL_LINES, 7, `Nonce: ${f}`), 'a')],
      [
        'a maximal fraction of a second',
        maximal((f) => withLine(MINIMAL_LINES, 8, `Issued At: 2024-05-01T12:00:00.${f}Z`), '9'),
      ],
      ['a maximal chain id', maximal((f) => withLine(MINIMAL_LINES, 6, `Chain ID: 1${f}`), '0')],
      ['a thousand resources', maximal((f) => `${MINIMAL}\nResources:${f}`, '\n- https://e.org/r')],
      [
        'resources without dashes',
        maximal((f) => `${MINIMAL}\nResources:${f}`, '\nhttps://e.org/r'),
      ],
      ['repeated optional fields', maximal((f) => `${MINIMAL}${f}`, '\nRequest ID: x')],
    ];

    // Whether the parser stays linear on these is a timing figure: it belongs
    // in a benchmark, not in an assertion on a shared machine. What a test can
    // hold it to is the outcome: a result, or the one typed refusal.
    it.each(hostile)('parses %s or refuses it as an invalid message', (_, text) => {
      expect(text.length).toBeLessThanOrEqual(MAX_SIWE_MESSAGE_LENGTH);
      expect(text.length).toBeGreaterThan(MAX_SIWE_MESSAGE_LENGTH - 64);
      let refusal: unknown;
      try {
        parseSiweMessage(text);
      } catch (error) {
        refusal = error;
      }
      if (refusal !== undefined) expect(refusal).toBeInstanceOf(InvalidMessageError);
    });
  });
});
