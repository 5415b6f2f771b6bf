import { describe, expect, it } from 'vitest';
import { isPcharSequence, isScheme, isUri, parseAuthority } from './rfc3986.js';

describe('isScheme', () => {
  it.each(['https', 'http', 'did', 'coap+tcp', 'a.b-c1'])('accepts %s', (text) => {
    expect(isScheme(text)).toBe(true);
  });

  it.each(['', '1http', '+a', 'ht tp', 'http:', 'ｈttps'])('refuses "%s"', (text) => {
    expect(isScheme(text)).toBe(false);
  });
});

describe('parseAuthority', () => {
  it.each([
    ['service.org', { host: 'service.org' }],
    ['127.0.0.1:8080', { host: '127.0.0.1', port: '8080' }],
    ['test@127.0.0.1:8080', { userinfo: 'test', host: '127.0.0.1', port: '8080' }],
    ['user:pass@localhost', { userinfo: 'user:pass', host: 'localhost' }],
    ['[::cafe]', { host: '[::cafe]' }],
    ['[::1]:3000', { host: '[::1]', port: '3000' }],
    ['[v1.fe80::a]', { host: '[v1.fe80::a]' }],
    ['%65xample.com', { host: '%65xample.com' }],
    ['', { host: '' }],
  ])('splits "%s" into its parts', (text, parts) => {
    expect(parseAuthority(text)).toStrictEqual(parts);
  });

  it.each([
    ['a fragment', '#notrfc4501'],
    ['a path', 'example.com/login'],
    ['a space', 'exa mple.com'],
    ['two at signs', 'a@b@example.com'],
    ['a letter in the port', 'example.com:80a'],
    ['two ports', 'example.com:80:81'],
    ['an unclosed IP literal', '[::1'],
    ['an invalid IP literal', '[::g]'],
    ['text after an IP literal', '[::1]x'],
    ['a broken percent-encoding', 'ex%2gample.com'],
    ['a truncated percent-encoding', 'example.com%2'],
    ['a Cyrillic letter', 'exаmple.com'],
  ])('refuses %s', (_, text) => {
    expect(parseAuthority(text)).toBeUndefined();
  });
});

describe('isUri', () => {
  it.each([
    'https://service.org/login',
    'https://[::cafe]',
    'https://127.0.0.1:4361',
    'https://127.0.0.1/?query=one#begin',
    'ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu',
    'urn:isbn:0451450523',
    'did:pkh:eip155:1:0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    'mailto:user@example.com',
    'file:///etc/hosts',
    'http://localhost:3000/path/a%20b?x=1&y=/?#frag/?',
    'scheme:',
  ])('accepts %s', (text) => {
    expect(isUri(text)).toBe(true);
  });

  it.each([
    ['no scheme', ':not_a_rfc3986_valid_uri_'],
    ['a relative reference', '/login'],
    ['a space', 'https://service.org/log in'],
    ['two fragments', 'https://service.org/#a#b'],
    ['a bad authority', 'https://exa mple.com/'],
    ['a bad port', 'https://example.com:x/'],
    ['a broken percent-encoding', 'https://example.com/%zz'],
    ['a caret', 'https://example.com/^'],
    ['a non-ASCII character', 'https://example.com/é'],
    ['nothing', ''],
  ])('refuses %s', (_, text) => {
    expect(isUri(text)).toBe(false);
  });
});

describe('isPcharSequence', () => {
  it.each(['', 'some_id', 'a:b@c', '%41%42', "!$&'()*+,;="])('accepts "%s"', (text) => {
    expect(isPcharSequence(text)).toBe(true);
  });

  it.each(['a/b', 'a?b', 'a b', '%4', '#'])('refuses "%s"', (text) => {
    expect(isPcharSequence(text)).toBe(false);
  });
});

describe('a port', () => {
  it('may not be percent-encoded', () => {
    expect(parseAuthority('example.com:%38%30')).toBeUndefined();
  });

  it('may be empty, as RFC 3986 allows', () => {
    expect(parseAuthority('example.com:')).toStrictEqual({ host: 'example.com', port: '' });
  });
});
