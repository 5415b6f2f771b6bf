import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Config } from '../config/load-config.js';
import { checkRequestOrigin } from '../http/allowed-origins.js';
import type { GraphQLContext } from './context.js';

/**
 * The Origin rule of docs/api.md for every mutation, in one place rather
 * than in each resolver: a mutation whose request carries an `Origin` that is
 * not allowed (a foreign one, or the literal `null` of a sandboxed frame or a
 * redirect) answers DOMAIN_MISMATCH before any resolver runs. A request
 * without the header (curl, a server) stays allowed: only a browser sends it,
 * and a browser always sends it on a POST. Multipart uploads are mutations
 * like any other; websocket operations carry their upgrade's Origin, which
 * the upgrade already checked (graphql/graphql-websocket.ts).
 *
 * Queries are left alone: they change nothing, and CORS keeps a foreign
 * page from reading their answer.
 */
export function useMutationOrigin(config: Pick<Config, 'allowedOrigins'>): Plugin<GraphQLContext> {
  return {
    onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation !== 'mutation') return;
      // Thrown here, the DomainMismatchError is masked like a resolver's (mask-error.ts).
      checkRequestOrigin(config, args.contextValue.origin);
    },
  };
}
