import { render } from '@testing-library/react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { defineRoute, type RoutePageProps, type RoutePatternParams } from './define-route';

function ProfilePage({ params }: RoutePageProps<'/u/:address'>) {
  return <p>Profile of {params.address}</p>;
}

describe('defineRoute', () => {
  it('types the parameters of a route from its pattern', () => {
    expectTypeOf<RoutePatternParams<'/u/:address'>>().toEqualTypeOf<{ address: string }>();
    expectTypeOf<RoutePatternParams<'/oidc/interaction/:uid'>>().toEqualTypeOf<{ uid: string }>();
    expectTypeOf<keyof RoutePatternParams<'/account'>>().toEqualTypeOf<never>();
  });

  it('refuses a page that reads a parameter its pattern does not declare', () => {
    defineRoute('/u/:address', ProfilePage);
    // @ts-expect-error: /u/:address declares `address`, not `id`
    defineRoute('/u/:address', ({ params }: { params: { id: string } }) => params.id);
    // A page that reads no parameter fits any pattern.
    defineRoute('/u/:address', () => null);
  });

  it('hands the matched parameters to the page as the router renders it', () => {
    const profile = defineRoute('/u/:address', ProfilePage);
    const { hook } = memoryLocation({ path: '/u/0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
    const { container } = render(
      <Router hook={hook}>
        <Switch>
          <Route path={profile.path} component={profile.page} />
        </Switch>
      </Router>,
    );
    expect(container.textContent).toBe('Profile of 0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  });
});
