import { defineRoute } from './define-route';
import { lazyPage } from './lazy-page';
import { type RouteName, routePatterns } from './route-patterns';

/**
 * Every page of the app, by name: its path pattern (route-patterns.ts, which
 * the server's list of pages is held to) and its page. Patterns match whole paths, case-insensitively,
 * with or without a trailing slash; a path no pattern matches gets the
 * not-found page. Build links with `pathTo(name, params)`, never by hand.
 *
 * Each page is its own chunk: a first visit downloads only the page it opens.
 * On a reload the server answers index.html for every app route, dotted ones
 * (`/u/name.eth`) included; any other path gets index.html with a 404 (this
 * not-found page), and a missing asset file a bare 404.
 * `/u/:address` and `/verify` work for a visitor who is neither signed in nor connected.
 * `/oidc/interaction/:uid` is where the OpenID Connect provider sends a
 * person to sign in and consent for an app (server: src/oidc/).
 * `/device` is where a person answers a device's sign-in, by the code it shows (server: src/oidc/device/).
 * `/admin` and the paths below it are the operator's console, for administrators only.
 */
export const routeTable = {
  home: defineRoute(
    routePatterns.home,
    lazyPage(() => import('../pages/home-page')),
  ),
  account: defineRoute(
    routePatterns.account,
    lazyPage(() => import('../pages/account-page')),
  ),
  oidcInteraction: defineRoute(
    routePatterns.oidcInteraction,
    lazyPage(() => import('../pages/oidc-interaction-page')),
  ),
  device: defineRoute(
    routePatterns.device,
    lazyPage(() => import('../pages/device-page')),
  ),
  publicProfile: defineRoute(
    routePatterns.publicProfile,
    lazyPage(() => import('../pages/public-profile-page')),
  ),
  verify: defineRoute(
    routePatterns.verify,
    lazyPage(() => import('../pages/verify-page')),
  ),
  // The operator's console: one chunk (with its table and chart libraries) for all of its
  // views, which it routes below `/admin` itself (pages/admin/admin-paths.ts).
  admin: defineRoute(
    routePatterns.admin,
    lazyPage(() => import('../pages/admin/admin-page')),
  ),
  // One page per named pattern, no more: pathTo builds links from the patterns.
} as const satisfies Record<RouteName, unknown>;

export const NotFoundPage = lazyPage(() => import('../pages/not-found-page'));
