import {
  BREAK,
  type DocumentNode,
  type FieldNode,
  GraphQLError,
  type GraphQLFormattedError,
  Kind,
  visit,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

type Location = NonNullable<GraphQLFormattedError['locations']>[number];

/**
 * Gives an error from compiled execution (graphql/use-compiled-execution.ts)
 * back the AST nodes its locations point at.
 *
 * Why: graphql-jit's errors carry `locations` but no `nodes`, and Yoga builds
 * every error it sends again from nodes, source and positions, so a
 * document's later runs answered without the `locations` its first run gave.
 * The fields are found by where they start, as graphql-jit computed it.
 */
export function useErrorNodes(): Plugin {
  return {
    onExecute: ({ args }) => ({
      onExecuteDone: ({ result, setResult }) => {
        if (Symbol.asyncIterator in result || !result.errors?.some(lacksNodes)) return;
        setResult({
          ...result,
          errors: result.errors.map((error) =>
            lacksNodes(error) ? withNodes(error, args.document) : error,
          ),
        });
      },
    }),
  };
}

function lacksNodes(error: GraphQLError): boolean {
  return error.nodes === undefined && (error.locations?.length ?? 0) > 0;
}

function withNodes(error: GraphQLError, document: DocumentNode): GraphQLError {
  const nodes = (error.locations ?? []).flatMap((location) => fieldAt(document, location) ?? []);
  if (nodes.length === 0) return error;
  return new GraphQLError(error.message, {
    nodes,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

/** The outermost field that starts at `location`, if any. */
function fieldAt(document: DocumentNode, { line, column }: Location): FieldNode | undefined {
  let found: FieldNode | undefined;
  visit(document, {
    [Kind.FIELD]: (node) => {
      const start = node.loc?.startToken;
      if (start?.line === line && start.column === column) {
        found = node;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}
