import { useGraphQlJit } from '@envelop/graphql-jit';
import { type DocumentNode, type GraphQLSchema, getOperationAST } from 'graphql';
import { getVariableValues } from 'graphql/execution/values.js';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';

/** A document is compiled on its second run: one-off documents never pay for compiling. */
export const COMPILE_ON_RUN = 2;

export type ExecutionRun = {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null | undefined;
  variableValues?: Record<string, unknown> | null | undefined;
};

/**
 * Whether this run of a document goes through compiled code. Counts runs per
 * parsed document (Yoga's parser cache hands the same object back for the
 * same text, and bounds how many it keeps). Variables that do not fit the
 * operation are left to graphql-js, whose refusal (400, the variable named)
 * graphql-jit does not give.
 */
export function compilesOnRun(threshold = COMPILE_ON_RUN) {
  const runs = new WeakMap<DocumentNode, number>();
  return ({ schema, document, operationName, variableValues }: ExecutionRun): boolean => {
    const operation = getOperationAST(document, operationName);
    if (!operation || operation.operation === 'subscription') return false;
    const run = (runs.get(document) ?? 0) + 1;
    runs.set(document, run);
    if (run < threshold) return false;
    const definitions = operation.variableDefinitions ?? [];
    return (
      definitions.length === 0 ||
      getVariableValues(schema, definitions, variableValues ?? {}).errors === undefined
    );
  };
}

/**
 * Queries and mutations run as code compiled once per document (graphql-jit),
 * not through graphql-js's interpreter: for an authenticated `me` that was
 * about a fifth of the server's CPU time (bench/me-throughput.ts). A document
 * is compiled the second time it runs, so a stream of distinct one-off
 * documents (a scanner) costs no compiling; the armor limits (create-yoga.ts)
 * bound what one compile costs. Subscriptions keep graphql-js's executor,
 * which graphql-ws and the event streams are built on.
 * test/compiled-execution.test.ts checks that both answer alike.
 */
export function useCompiledExecution(logger: Pick<Logger, 'debug'>): Plugin {
  const compiles = compilesOnRun();
  return useGraphQlJit(
    {},
    {
      enableIf: (args) => compiles(args),
      // A document graphql-jit cannot compile is answered with the errors it gives.
      onError: (result) => logger.debug({ errors: result.errors }, 'graphql-jit could not compile'),
    },
  ) as Plugin;
}
