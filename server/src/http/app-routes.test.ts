import { parse } from 'regexparam';
import { describe, expect, it } from 'vitest';
import { adminViewPatterns, routePatterns } from '../../../web/src/app/route-patterns.js';
import { APP_ROUTE_PATTERNS, isAppRoute } from './app-routes.js';

/** The web router's patterns, the console's wildcard replaced by its views. */
const webPatterns = [
  ...Object.values(routePatterns).filter((pattern) => pattern !== routePatterns.admin),
  ...Object.values(adminViewPatterns),
];

describe('the pages the server answers 200 to', () => {
  it('are exactly the web router’s (route-patterns.ts): a page added there must be added here', () => {
    expect([...APP_ROUTE_PATTERNS].sort()).toEqual([...new Set(webPatterns)].sort());
    // The console's wildcard covers its views and nothing the list leaves out.
    expect(routePatterns.admin).toBe('/admin/*?');
  });

  it.each([
    '/',
    '/account',
    '/ACCOUNT/',
    '/account/x',
    '/u/0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    '/u/alice.eth',
    '/u/',
    '/u/a/b',
    '/verify',
    '/verify/v1.2',
    '/oidc/interaction/k3Jx9',
    '/oidc/interaction/',
    '/admin',
    '/admin/',
    '/admin/accounts/0d9f',
    '/admin/accounts/0d9f/x',
    '/admin/audit-log',
    '/admin/webhooks/',
    '/admin/nothing',
    '/no/such/page',
    '//',
  ])('match %s as the web router does', (path) => {
    const web = webPatterns.some((pattern) => parse(pattern).pattern.test(path));
    expect(isAppRoute(path)).toBe(web);
  });
});
