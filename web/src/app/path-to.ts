import { inject } from 'regexparam';
import type { RoutePatternParams } from './define-route';
import { type RouteName, type RoutePattern, routePatterns } from './route-patterns';

/** No second argument for a pattern without parameters; exactly its parameters otherwise. */
export type PatternParamsArgument<Pattern extends string> =
  keyof RoutePatternParams<Pattern> extends never ? [] : [params: RoutePatternParams<Pattern>];

/**
 * The path of `pattern` with its parameters filled in. Each value is encoded as
 * one path segment, so an odd value can neither break out of its segment nor
 * change the route.
 */
export function fillPattern<Pattern extends string>(
  pattern: Pattern,
  ...[params]: PatternParamsArgument<Pattern>
): string {
  if (!params) return pattern;
  const encoded = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      value === undefined ? undefined : encodeURIComponent(String(value)),
    ]),
  ) as RoutePatternParams<Pattern>;
  return inject(pattern, encoded);
}

/**
 * The path of a named route: `pathTo('account')`, and later `pathTo('profile', { address })`.
 * Read from the patterns, not the route table: the table imports every page,
 * and pages import this (docs/architecture.md, "Layers").
 */
export function pathTo<Name extends RouteName>(
  name: Name,
  ...params: PatternParamsArgument<RoutePattern<Name>>
): string {
  // A name from outside the types (a cast) names no page: fail loudly, never link to nowhere.
  if (!Object.hasOwn(routePatterns, name)) throw new Error(`No route is named ${String(name)}.`);
  return fillPattern(routePatterns[name] as RoutePattern<Name>, ...params);
}
