/** The audit log's table. Times are epoch milliseconds (see store/database.ts). */
export type AuditEventsTable = {
  /** A UUIDv7: its first 48 bits are `at`. */
  id: string;
  at: number;
  /** The change's name: `sign_in`, `wallet_linked`, … (changes/change.ts). */
  action: string;
  /** The signed-in account that acted; null for a sign-in, a rules check, housekeeping. */
  actor_id: string | null;
  /** The account concerned; no foreign key: the log outlives the account. */
  account_id: string | null;
  /** The wallet concerned, EIP-55 checksummed. */
  address: string | null;
  /** The client as rate limits count it (an IPv6 client by its /64). */
  ip: string | null;
  user_agent: string | null;
  /** The change's other fields, a JSON object as text. */
  detail: string | null;
};

// This module's tables join the one Database type (docs/architecture.md, "How to add a module").
declare module '../store/database.js' {
  interface Database {
    audit_events: AuditEventsTable;
  }
}
