import type { Config } from '../config/load-config.js';

/**
 * How many items a list field may answer, given its arguments (coerced, with
 * the schema's defaults). The query-cost limit multiplies the cost of what is
 * selected under the list by this (docs/api.md, "Query cost").
 */
export type ListBound = (args: Record<string, unknown>) => number;

/** A page: `first` (the argument's default when omitted), at most `max`. */
export const page =
  (max: number): ListBound =>
  (args) => {
    const first = args.first;
    return typeof first === 'number' && Number.isInteger(first) && first >= 0
      ? Math.min(first, max)
      : max;
  };

/** The largest page any connection answers (accounts/account-resolvers.ts, admin/admin-input.ts). */
export const MAX_PAGE = 100;

/** A connection's `edges` count one: the page size is charged at the field that takes `first`. */
export const connection: ListBound = () => 1;

/**
 * Every list field of the schema, `Type.field`, with its bound, and every
 * field that takes a page size (`first`), gathered from the modules'
 * descriptors (their `queryCost`). A list or page missing here stops
 * the start (query-cost.ts checks the schema against it) and fails
 * server/test/graphql/request-cost-bounds.test.ts, so a new list cannot ship without
 * a bound. A connection's `edges` count one: the page size is charged at the
 * field that takes `first`, for its whole selection.
 */
export type CostTable = {
  lists: Record<string, ListBound>;
  pages: Record<string, ListBound>;
  /**
   * Fields whose value may be long, with the most bytes it may take: each
   * charges one more per 256 bytes of it, so a query's cost grows with what
   * it can make the server send.
   */
  largeFields?: Record<string, number>;
};

/** A module's part of the cost table (its descriptor's `queryCost`). */
export type ModuleCosts = {
  lists?(config: Config): Record<string, ListBound>;
  pages?: Record<string, ListBound>;
  largeFields?: Record<string, number>;
};

/** The cost table of these modules (modules.ts) under this configuration. */
export function costTable(
  config: Config,
  modules: readonly { queryCost?: ModuleCosts | undefined }[],
): CostTable {
  const table: Required<CostTable> = { lists: {}, pages: {}, largeFields: {} };
  for (const { queryCost } of modules) {
    Object.assign(table.lists, queryCost?.lists?.(config));
    Object.assign(table.pages, queryCost?.pages);
    Object.assign(table.largeFields, queryCost?.largeFields);
  }
  return table;
}

/** The bytes one unit of cost stands for in a large field. */
export const BYTES_PER_COST_UNIT = 256;
