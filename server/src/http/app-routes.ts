/**
 * The paths the web app has a page for: the patterns of its route table
 * (web/src/app/route-patterns.ts), with the console's `/admin/*?` spelled out
 * as its views. The server answers these with index.html and 200, any other
 * page path with index.html and 404 (docs/web-app.md, "Pages and links").
 * app-routes.test.ts fails when the two lists differ.
 */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/account',
  '/oidc/interaction/:uid',
  '/device',
  '/u/:address',
  '/verify',
  '/admin',
  '/admin/accounts',
  '/admin/accounts/:id',
  '/admin/audit-log',
  '/admin/webhooks',
] as const;

/**
 * A pattern as wouter matches it (regexparam's `parse`): the whole path, any
 * letter case, an optional trailing slash, `:name` one segment. Written out
 * here because regexparam is the web app's dependency, and these patterns use
 * nothing else; the test holds both to the same answers.
 */
function compile(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':') ? '/([^/]+?)' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    );
  return new RegExp(`^${segments.join('')}/?$`, 'i');
}

const MATCHERS = APP_ROUTE_PATTERNS.map(compile);

/** Whether `path` (no query string) opens one of the web app's pages. */
export function isAppRoute(path: string): boolean {
  return MATCHERS.some((matcher) => matcher.test(path));
}
