import type { Kysely } from 'kysely';

/**
 * Every module's tables, as Kysely sees them: an open interface that each
 * module extends from its own `*-tables.ts` (declaration merging), so the
 * store names no module (docs/architecture.md, "How to add a module").
 * Times are epoch milliseconds (integers) on both SQLite and PostgreSQL, so
 * comparisons and arithmetic are the same on both; the GraphQL layer turns
 * them into DateTime.
 */
// biome-ignore lint/suspicious/noEmptyInterface: each module's *-tables.ts adds its tables.
export interface Database {}

export type Db = Kysely<Database>;
