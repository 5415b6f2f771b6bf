import type { Resolvers } from './generated/resolvers-types.js';
import type { ModuleCosts } from './list-bounds.js';

/**
 * What a module adds to the GraphQL schema. Declared by the layer that reads
 * it, so graphql/ takes a list of these and never imports the module
 * descriptor above it (sigil-module.ts builds on this type;
 * docs/architecture.md, "Layers").
 */
export type SchemaPart = {
  /** Its part of Query, Mutation, Subscription and its types. */
  resolvers?: readonly Resolvers[];
  /** The bounds of its list fields and its large fields, for the query cost (graphql/list-bounds.ts). */
  queryCost?: ModuleCosts;
};
