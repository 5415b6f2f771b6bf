import { GraphQLError, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { CostTable } from './list-bounds.js';
import { type CostRun, createQueryCost, unboundedFields } from './query-cost.js';

/** What graphql-armor answers for any of its limits with `exposeLimits` off: a refusal reveals no limit. */
export const REFUSED_MESSAGE = 'Syntax Error: Query validation error.';

/**
 * The query-cost limit (docs/api.md, "Query cost"), in place of
 * graphql-armor's. Armor's cost limit counts fields: it multiplies only by a
 * literal `first`, not by one given in a variable, not by a default, and not
 * by the length of a list without arguments, so fifteen aliases of a public
 * profile with twenty proofs of 32 KiB each cost it a few hundred. This one
 * charges each list by its bound (list-bounds.ts) and each large field by
 * its size. It runs at execution, where the variables are known: a cost that
 * depends on them cannot be a validation rule, whose results Yoga caches per
 * document. Over `maxCost` the operation is refused before anything runs,
 * with armor's message and code, so a client sees one kind of refusal.
 */
export function useListAwareCostLimit(p: { table: CostTable; maxCost: number }): Plugin {
  const refuse = costRefusal(p);
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const errors = refuse(args);
      if (errors) setResultAndStopExecution({ errors });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const errors = refuse(args);
      if (errors) setResultAndStopExecution({ errors });
    },
  };
}

/**
 * The refusal of an operation over `maxCost`, or undefined. graphql-ws asks
 * it before it runs an operation (graphql/graphql-websocket.ts), so a socket gets
 * the refusal as an `error` message, as it gets armor's.
 */
export function costRefusal(p: {
  table: CostTable;
  maxCost: number;
}): (run: CostRun) => GraphQLError[] | undefined {
  const cost = createQueryCost(p.table);
  return (run) =>
    cost(run) <= p.maxCost
      ? undefined
      : [new GraphQLError(REFUSED_MESSAGE, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })];
}

/**
 * A list the table does not bound stops the start (create-yoga.ts checks the
 * schema): every list must be charged by its length.
 */
export function assertEveryListBounded(schema: GraphQLSchema, table: CostTable): void {
  const missing = unboundedFields(schema, table);
  if (missing.length > 0) {
    throw new Error(`no bound for ${missing.join(', ')} in graphql/list-bounds.ts`);
  }
}
