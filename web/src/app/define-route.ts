import type { ComponentType } from 'react';
import type { RouteParams } from 'regexparam';

/**
 * The parameters a path pattern declares, typed from the pattern itself:
 * `/u/:address` gives `{ address: string }`, `/settings` gives `{}`.
 * wouter matches patterns with regexparam, so its own type reads them.
 */
export type RoutePatternParams<Pattern extends string> = RouteParams<Pattern>;

/** What the router hands the page of a matched route. */
export type RoutePageProps<Pattern extends string> = {
  params: RoutePatternParams<Pattern>;
};

export type RouteDefinition<Pattern extends string = string> = {
  path: Pattern;
  page: ComponentType<RoutePageProps<Pattern>>;
};

/**
 * Pairs a path pattern with its page. The page must accept the parameters the
 * pattern declares, so a page that reads `params.id` under `/u/:address` does
 * not compile.
 */
export function defineRoute<Pattern extends string>(
  path: Pattern,
  page: ComponentType<RoutePageProps<Pattern>>,
): RouteDefinition<Pattern> {
  return { path, page };
}
