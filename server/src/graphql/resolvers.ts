import type { Resolvers } from './generated/resolvers-types.js';
import { AddressScalar, DateTimeScalar, FileScalar } from './scalars.js';
import type { SchemaPart } from './schema-part.js';

/**
 * Every module's resolvers, merged by Yoga's schema builder in the order of
 * modules.ts: each module owns its part of Query, Mutation, Subscription and
 * its types; this layer adds only the scalars.
 */
export function resolversOf(modules: readonly SchemaPart[]): Resolvers[] {
  return [
    { DateTime: DateTimeScalar, Address: AddressScalar, File: FileScalar },
    ...modules.flatMap((module) => module.resolvers ?? []),
  ];
}
