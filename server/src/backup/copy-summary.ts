import { COUNTED_TABLES, type CountedTable } from './counted-tables.js';

/** What a check finds in a copy: enough to know it is whole and how recent. */
export type CopySummary = {
  /** e.g. "SQLite copy" or "PostgreSQL copy of schema \"public\"". */
  kind: string;
  /** The latest migration the copy has applied (Kysely's `kysely_migration`): its schema version. */
  schemaVersion: string;
  counts: Record<CountedTable, number>;
};

/** One line: "SQLite copy, schema version 0009-webhooks: 3 accounts, 3 wallets, …". */
export function formatCopySummary(summary: CopySummary): string {
  const counts = COUNTED_TABLES.map((table) => `${summary.counts[table]} ${table}`).join(', ');
  return `${summary.kind}, schema version ${summary.schemaVersion}: ${counts}`;
}
