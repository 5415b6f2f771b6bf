/** Issued nonces: each consumed at most once (see nonce-store.ts). */
export type NoncesTable = {
  value: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
};
