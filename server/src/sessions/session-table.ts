/** How a session or sign-in was opened (docs/passkeys.md). */
export type SignInMethod = 'wallet' | 'passkey';

export type SessionsTable = {
  id: string;
  account_id: string;
  /** sha256 of the cookie token: the token itself is never stored. */
  token_hash: string;
  /** The EVM chain id of the sign-in that started it; null for a Solana sign-in. */
  chain_id: number | null;
  /** The CAIP-2 chain of a sign-in without an EVM chain id (Solana); null otherwise (accounts/row-chain.ts). */
  chain: string | null;
  /**
   * The wallet that started the session. Null once that wallet is unlinked
   * (which ends the session), and for sessions migration 0002 ended because
   * a contract wallet had opened them from another chain.
   */
  wallet_id: string | null;
  /** The address of the wallet that started the session, kept when the wallet is unlinked; null for a passkey's. */
  address: string | null;
  /** How it was opened (migration 0011); a wallet's by default. */
  method: SignInMethod;
  /** The passkey that opened it; null for a wallet's. */
  passkey_id: string | null;
  user_agent: string | null;
  created_at: number;
  last_seen_at: number;
  /** Absolute end: created_at + SESSION_MAX_AGE. */
  expires_at: number;
  ended_at: number | null;
  end_reason: 'SIGNED_OUT' | 'REVOKED' | null;
};

// This module's tables join the one Database type (docs/architecture.md, "How to add a module").
declare module '../store/database.js' {
  interface Database {
    sessions: SessionsTable;
  }
}
