import type { Resolvers } from '../graphql/generated/resolvers-types.js';

/** PLACEHOLDER, filled by its module's work. */
export const webhookResolvers: Resolvers = {};
