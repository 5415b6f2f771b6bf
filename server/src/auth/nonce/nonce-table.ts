/** Issued nonces: each consumed at most once (see nonce-store.ts). */
export type NoncesTable = {
  value: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
};

// This module's tables join the one Database type (docs/architecture.md, "How to add a module").
declare module '../../store/database.js' {
  interface Database {
    nonces: NoncesTable;
  }
}
