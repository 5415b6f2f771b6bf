import { lazy } from 'react';
import { defineRoute } from './define-route';

/**
 * Every page of the app, by name: its path pattern (wouter's syntax, `:name`
 * for a parameter) and its page. Patterns match whole paths, case-insensitively,
 * with or without a trailing slash; a path no pattern matches gets the
 * not-found page. Build links with `pathTo(name, params)`, never by hand.
 *
 * Each page is its own chunk: a first visit downloads only the page it opens.
 * On a reload the server answers index.html only for paths without a file
 * extension: a last segment like `name.eth` would be taken for a missing file.
 * Coming next, each with its page: `/u/:address`, `/verify`, `/settings`,
 * `/oidc/interaction/:uid`.
 */
export const routeTable = {
  home: defineRoute(
    '/',
    lazy(() => import('../pages/home-page')),
  ),
  account: defineRoute(
    '/account',
    lazy(() => import('../pages/account-page')),
  ),
} as const;

export type RouteName = keyof typeof routeTable;

/** The path pattern of a named route, as a literal type. */
export type RoutePattern<Name extends RouteName> = (typeof routeTable)[Name]['path'];

export const NotFoundPage = lazy(() => import('../pages/not-found-page'));
