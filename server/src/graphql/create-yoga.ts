import { readFileSync } from 'node:fs';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { currentRequestId } from '../http/request-id.js';
import type { Services } from '../services.js';
import type { GraphQLContext } from './context.js';
import { costTable } from './list-bounds.js';
import { maskError } from './mask-error.js';
import { resolversOf } from './resolvers.js';
import type { SchemaPart } from './schema-part.js';
import { useCompiledExecution } from './use-compiled-execution.js';
import { useCsrfHeader } from './use-csrf-header.js';
import { useErrorNodes } from './use-error-nodes.js';
import { useGetParameterErrors } from './use-get-parameter-errors.js';
import { assertEveryListBounded, useListAwareCostLimit } from './use-list-aware-cost-limit.js';
import { useMutationOrigin } from './use-mutation-origin.js';
import { useNoSchemaIntrospection } from './use-no-schema-introspection.js';
import { useStorableStrings } from './use-storable-strings.js';

const schemaPath = new URL('../../../schema/schema.graphql', import.meta.url);

/** HTTP requests arrive with Fastify's request and reply; websocket operations with a ready context. */
export type ServerContext =
  | { req: FastifyRequest; reply: FastifyReply }
  | { websocketContext: GraphQLContext };

export type YogaContextFactory = (serverContext: {
  req: FastifyRequest;
  reply: FastifyReply;
}) => Promise<GraphQLContext>;

export function loadTypeDefs(): string {
  return readFileSync(schemaPath, 'utf8');
}

/**
 * The largest cost an operation may have (docs/api.md, "Query cost"): one
 * public profile with every wallet's proof at its largest fits, two do not.
 */
export const MAX_QUERY_COST = 5000;

/**
 * Limits are not revealed in messages: an attacker learns only that a query
 * was refused. Armor's cost limit is off: it counts fields, not list lengths;
 * useListAwareCostLimit charges lists by their bounds instead.
 */
function useArmor(): Plugin {
  return EnvelopArmorPlugin({
    maxDepth: { n: 8, exposeLimits: false, flattenFragments: true },
    maxAliases: { n: 15, exposeLimits: false },
    maxTokens: { n: 1000, exposeLimits: false },
    maxDirectives: { n: 20, exposeLimits: false },
    costLimit: { enabled: false },
    blockFieldSuggestion: { enabled: true },
  }) as Plugin;
}

export function createGraphQLServer(
  services: Pick<Services, 'config' | 'logger'>,
  modules: readonly SchemaPart[],
  contextFactory: YogaContextFactory,
) {
  const { config, logger } = services;
  const schema = createSchema<ServerContext & GraphQLContext>({
    typeDefs: loadTypeDefs(),
    resolvers: resolversOf(modules),
  });
  const costs = costTable(config, modules);
  assertEveryListBounded(schema, costs);
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: config.development,
    landingPage: false,
    logging: {
      debug: (...args) => logger.debug(args),
      info: (...args) => logger.info(args),
      warn: (...args) => logger.warn(args),
      // Yoga reports every GraphQL error here, refusals included; the ones
      // that matter (unexpected errors) are logged by maskError with their id.
      error: (...args) => logger.debug(args),
    },
    // CORS is decided in the HTTP layer, for every route at once.
    cors: false,
    context: (serverContext) =>
      'websocketContext' in serverContext
        ? serverContext.websocketContext
        : contextFactory(serverContext),
    maskedErrors: {
      // Yoga hands maskError no context: the id comes from the request's
      // async scope (graphql/graphql-route.ts).
      maskError: (error, _message, _isDev) => maskError(error, logger, currentRequestId()),
    },
    plugins: [
      // First: a refused operation is not compiled either.
      useListAwareCostLimit({ table: costs, maxCost: MAX_QUERY_COST }),
      // Before execution of any kind, compiled or not: text no database stores.
      useStorableStrings(),
      useCompiledExecution(logger),
      useErrorNodes(),
      useGetParameterErrors(),
      useArmor(),
      useMutationOrigin(config),
      // Introspection and GraphiQL are development tools.
      ...(config.development ? [] : [useNoSchemaIntrospection()]),
      // GET requests and simple-content-type POSTs skip CORS preflight; they
      // must carry a custom header the browser only sends same-origin.
      useCsrfHeader(),
    ],
  });
}
