import { parse } from 'regexparam';
import type { RouteDefinition } from './define-route';
import { NotFoundPage, routeTable } from './route-table';

const routes = Object.values(routeTable) as readonly RouteDefinition[];

/**
 * Loads the chunk of the page `path` opens (the not-found page when no route
 * matches), matching as the router does: whole path, any case, an optional
 * trailing slash.
 */
export function preloadPageFor(path: string): Promise<void> {
  const route = routes.find(({ path: pattern }) => parse(pattern).pattern.test(path));
  const page: object = route?.page ?? NotFoundPage;
  return 'preload' in page && typeof page.preload === 'function'
    ? (page.preload as () => Promise<void>)()
    : Promise.resolve();
}
