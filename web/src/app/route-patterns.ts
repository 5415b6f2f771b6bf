/**
 * The path patterns of the app's pages (wouter's syntax, `:name` for a
 * parameter, `/*?` for anything below), as plain data: the route table pairs
 * each with its page, and the server holds its own list of the pages it
 * answers 200 to (server/src/http/app-routes.ts; docs/web-app.md, "Pages and
 * links"), which a server test compares with these.
 */
export const routePatterns = {
  home: '/',
  account: '/account',
  oidcInteraction: '/oidc/interaction/:uid',
  device: '/device',
  publicProfile: '/u/:address',
  verify: '/verify',
  // The operator's console routes below `/admin` itself: adminViewPatterns.
  admin: '/admin/*?',
} as const;

/** The name of an app page (route-table.ts pairs each with its page). */
export type RouteName = keyof typeof routePatterns;

/** The path pattern of a named route, as a literal type. */
export type RoutePattern<Name extends RouteName> = (typeof routePatterns)[Name];

/**
 * The console's views (pages/admin/admin-paths.ts). The route table registers
 * `/admin/*?` once, so the console stays mounted (and asks the server whether
 * this viewer may see it once) while its views change below it
 * (docs/web-app.md, "The console").
 */
export const adminViewPatterns = {
  overview: '/admin',
  accounts: '/admin/accounts',
  account: '/admin/accounts/:id',
  auditLog: '/admin/audit-log',
  webhooks: '/admin/webhooks',
} as const;
