import { describe, expect, it } from 'vitest';
import { clientKey, trustProxy } from './client-address.js';

describe('clientKey', () => {
  it('keys an IPv4 client by its address, mapped or not', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('keys an IPv6 client by its /64', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
  });
});

describe('trustProxy', () => {
  it('trusts nobody when off', () => {
    expect(trustProxy({ trustProxy: false })('127.0.0.1', 0)).toBe(false);
  });

  it('trusts the nearest hops of a count', () => {
    const trust = trustProxy({ trustProxy: 2 });
    expect([0, 1, 2].map((hop) => trust('192.0.2.1', hop))).toEqual([true, true, false]);
  });

  it('trusts the listed addresses and ranges, IPv4-mapped peers included', () => {
    const trust = trustProxy({ trustProxy: ['10.0.0.0/8', '::1'] });
    expect(trust('10.1.2.3', 0)).toBe(true);
    expect(trust('::ffff:10.1.2.3', 0)).toBe(true);
    expect(trust('::1', 1)).toBe(true);
    expect(trust('192.0.2.1', 0)).toBe(false);
  });
});
