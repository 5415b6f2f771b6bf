/** The administration module's tables (migration 0007-administration). Times are epoch milliseconds. */
export type SuspensionsTable = {
  account_id: string;
  /** Trimmed, 1 to 500 characters. */
  reason: string;
  /** When the account was suspended (or the suspension last changed). */
  at: number;
  /** When it lifts by itself; null: until an administrator lifts it. */
  until: number | null;
  /** The administrator's account id; null when suspended outside the API. */
  by: string | null;
};

// This module's tables join the one Database type (docs/architecture.md, "How to add a module").
declare module '../store/database.js' {
  interface Database {
    suspensions: SuspensionsTable;
  }
}
