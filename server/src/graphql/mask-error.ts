import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { type ErrorCode, SigilError } from '../errors.js';

/**
 * The one place domain errors become GraphQL errors. A SigilError keeps its
 * message and gains its stable `extensions.code` (and details such as
 * `retryAfterSeconds`); errors GraphQL itself raised (syntax, validation,
 * armor limits) are already safe to show; anything else is masked to
 * INTERNAL_SERVER_ERROR and logged with the request id, which the client gets
 * so an operator can find the log line.
 */
export function maskError(
  error: unknown,
  logger: Logger,
  requestId: string | undefined,
): GraphQLError {
  const graphQLError = error instanceof GraphQLError ? error : undefined;
  const original = graphQLError?.originalError ?? error;

  if (original instanceof SigilError) {
    return new GraphQLError(original.message, {
      ...(graphQLError && { nodes: graphQLError.nodes, path: graphQLError.path }),
      extensions: { code: original.code satisfies ErrorCode, ...original.details },
    });
  }
  if (
    graphQLError &&
    (!graphQLError.originalError || graphQLError.originalError instanceof GraphQLError)
  ) {
    // Yoga copies a parse failure's exception (name and message) into
    // `originalError`: the client gets the error's own message, never that text.
    const { originalError: _exception, ...extensions } = graphQLError.extensions;
    const code = extensions.code ?? ('GRAPHQL_VALIDATION_FAILED' satisfies ErrorCode);
    return new GraphQLError(graphQLError.message, {
      nodes: graphQLError.nodes,
      path: graphQLError.path,
      extensions: { ...extensions, code },
    });
  }
  logger.error({ err: original, requestId }, 'unexpected error in a GraphQL operation');
  return new GraphQLError('Unexpected error.', {
    ...(graphQLError && { nodes: graphQLError.nodes, path: graphQLError.path }),
    extensions: {
      code: 'INTERNAL_SERVER_ERROR' satisfies ErrorCode,
      ...(requestId && { requestId }),
    },
  });
}
