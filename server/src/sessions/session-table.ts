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
  /** The address of the wallet that started the session, kept when the wallet is unlinked. */
  address: string;
  user_agent: string | null;
  created_at: number;
  last_seen_at: number;
  /** Absolute end: created_at + SESSION_MAX_AGE. */
  expires_at: number;
  ended_at: number | null;
  end_reason: 'SIGNED_OUT' | 'REVOKED' | null;
};
