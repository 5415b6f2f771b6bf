import type { Generated, Kysely } from 'kysely';

/**
 * The tables of every module, as Kysely sees them. Times are epoch
 * milliseconds (integers) on both SQLite and PostgreSQL, so comparisons and
 * arithmetic are the same on both; the GraphQL layer turns them into DateTime.
 */
export type AccountsTable = {
  id: string;
  created_at: number;
};

/**
 * The wallets that open an account. `identity` is what a sign-in is matched
 * on (see `accounts/wallet-identity.ts`): an EOA's address on every chain, a
 * contract wallet's address on its proving chain only.
 */
export type WalletsTable = {
  id: string;
  account_id: string;
  /** EIP-55 checksummed. */
  address: string;
  /** Null for an EOA; the chain it proved itself on for a contract wallet. */
  chain_id: number | null;
  kind: WalletIdentityKind;
  /** Unique across the database. */
  identity: string;
  /** 1 for the account's primary wallet (exactly one per account), 0 otherwise. */
  is_primary: number;
  linked_at: number;
};

/** How a wallet proves itself: by local recovery (EOA) or on a chain (EIP-1271/6492). */
export type WalletIdentityKind = 'EOA' | 'CONTRACT';

export type NoncesTable = {
  value: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
};

export type SessionsTable = {
  id: string;
  account_id: string;
  /** sha256 of the cookie token: the token itself is never stored. */
  token_hash: string;
  chain_id: number;
  /**
   * The wallet that started the session. Null only for sessions that migration
   * 0002 ended because a contract wallet had opened them from another chain.
   */
  wallet_id: string | null;
  user_agent: string | null;
  created_at: number;
  last_seen_at: number;
  /** Absolute end: created_at + SESSION_MAX_AGE. */
  expires_at: number;
  ended_at: number | null;
  end_reason: 'SIGNED_OUT' | 'REVOKED' | null;
};

export type SignInsTable = {
  /** Monotonic per database: the cursor of the sign-in history. */
  seq: Generated<number>;
  id: string;
  account_id: string;
  session_id: string;
  address: string;
  chain_id: number;
  wallet_kind: 'EOA' | 'CONTRACT' | 'COUNTERFACTUAL';
  /** Kept verbatim so the sign-in can be re-verified later. */
  message: string;
  signature: string;
  user_agent: string | null;
  at: number;
};

export type Database = {
  accounts: AccountsTable;
  wallets: WalletsTable;
  nonces: NoncesTable;
  sessions: SessionsTable;
  sign_ins: SignInsTable;
};

export type Db = Kysely<Database>;
