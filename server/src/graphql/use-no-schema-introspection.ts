import { GraphQLError, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Refuses `__schema`, the field that dumps the whole schema, outside
 * development. `__type(name:)` stays: it reveals one type only to a client
 * that already knows its name, and the GraphQL-over-HTTP audit (a MUST)
 * probes variables with it. `__typename` is needed by every client cache.
 */
const noSchemaIntrospection: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === '__schema') {
      context.reportError(
        new GraphQLError('GraphQL introspection is disabled on this server.', {
          nodes: node,
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        }),
      );
    }
  },
});

export function useNoSchemaIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(noSchemaIntrospection);
    },
  };
}
