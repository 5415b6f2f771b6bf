import { describe, expect, expectTypeOf, it } from 'vitest';
import { fillPattern, pathTo } from './path-to';

describe('pathTo', () => {
  it('gives the path of each named route', () => {
    expect(pathTo('home')).toBe('/');
    expect(pathTo('account')).toBe('/account');
  });

  it('accepts only route names of the table, and no parameters for a route without any', () => {
    // @ts-expect-error: no route has this name
    expect(() => pathTo('nowhere')).toThrow();
    // @ts-expect-error: /account declares no parameters
    pathTo('account', { address: '0x' });
  });
});

describe('fillPattern', () => {
  it("puts each parameter in its place: '/u/:address' with an address", () => {
    expect(
      fillPattern('/u/:address', { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }),
    ).toBe('/u/0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(fillPattern('/oidc/interaction/:uid', { uid: 'k3Jx9' })).toBe('/oidc/interaction/k3Jx9');
  });

  it('keeps a value inside its own path segment', () => {
    expect(fillPattern('/u/:address', { address: '../settings?x=1#y' })).toBe(
      '/u/..%2Fsettings%3Fx%3D1%23y',
    );
  });

  it('demands exactly the parameters the pattern declares', () => {
    expectTypeOf(fillPattern<'/u/:address'>).parameters.toEqualTypeOf<
      [pattern: '/u/:address', params: { address: string }]
    >();
    expectTypeOf(fillPattern<'/verify'>).parameters.toEqualTypeOf<[pattern: '/verify']>();
    // @ts-expect-error: the address is missing
    fillPattern('/u/:address');
    // @ts-expect-error: the pattern has no parameter named id
    fillPattern('/u/:address', { id: '1' });
  });
});
