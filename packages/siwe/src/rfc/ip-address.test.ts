import { describe, expect, it } from 'vitest';
import { isIpv4Address, isIpv6Address, isIpvFuture } from './ip-address.js';

describe('isIpv4Address', () => {
  it.each(['0.0.0.0', '127.0.0.1', '255.255.255.255', '10.0.20.199'])('accepts %s', (text) => {
    expect(isIpv4Address(text)).toBe(true);
  });

  it.each([
    ['an octet above 255', '256.0.0.1'],
    ['a leading zero', '127.0.0.01'],
    ['three octets', '127.0.1'],
    ['five octets', '1.2.3.4.5'],
    ['an empty octet', '1..2.3'],
    ['a sign', '+1.2.3.4'],
    ['a hexadecimal octet', '0x7f.0.0.1'],
    ['fullwidth digits', '１.2.3.4'],
  ])('refuses %s', (_, text) => {
    expect(isIpv4Address(text)).toBe(false);
  });
});

describe('isIpv6Address', () => {
  it.each([
    '::',
    '::1',
    '::cafe',
    '1::',
    '2001:db8::8a2e:370:7334',
    '2001:0db8:0000:0000:0000:8a2e:0370:7334',
    '1:2:3:4:5:6:7::',
    '::2:3:4:5:6:7:8',
    '1:2:3:4:5:6:1.2.3.4',
    '::ffff:192.0.2.128',
    'FEDC:BA98::3210',
  ])('accepts %s', (text) => {
    expect(isIpv6Address(text)).toBe(true);
  });

  it.each([
    ['nothing', ''],
    ['a lone colon', ':'],
    ['three colons', ':::'],
    ['two elisions', '1::2::3'],
    ['seven groups without elision', '1:2:3:4:5:6:7'],
    ['nine groups', '1:2:3:4:5:6:7:8:9'],
    ['eight groups and an elision', '1:2:3:4:5:6:7:8::'],
    ['a five-digit group', '12345::'],
    ['a trailing colon', '1::2:'],
    ['a leading colon', ':1::2'],
    ['an IPv4 address before the elision', '1.2.3.4::'],
    ['an IPv4 address in the middle', '1:2:3:4:5:1.2.3.4:7'],
    ['a zone identifier', 'fe80::1%25eth0'],
    ['a non-hexadecimal digit', '::g'],
  ])('refuses %s', (_, text) => {
    expect(isIpv6Address(text)).toBe(false);
  });

  it('refuses a colon flood in one pass', () => {
    expect(isIpv6Address('1:'.repeat(8000))).toBe(false);
  });
});

describe('isIpvFuture', () => {
  it('accepts a version and an address', () => {
    expect(isIpvFuture('v1.fe80::a+en1')).toBe(true);
  });

  it.each([
    ['no version', 'v.abc'],
    ['no address', 'v1.'],
    ['no "v"', '1.abc'],
    ['a space in the address', 'v1.a b'],
  ])('refuses %s', (_, text) => {
    expect(isIpvFuture(text)).toBe(false);
  });
});
