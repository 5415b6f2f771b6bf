import type { Generated } from 'kysely';

/** The accounts module's tables. Times are epoch milliseconds (see store/database.ts). */
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
  /** EIP-55 checksummed for Ethereum; base58, as written (case-sensitive), for Solana. */
  address: string;
  /** Null for an EOA and a Solana key; the chain it proved itself on for a contract wallet. */
  chain_id: number | null;
  kind: WalletIdentityKind;
  /** The wallet's family; `eip155` by default, as for every wallet before migration 0010. */
  namespace: Generated<ChainNamespace>;
  /** Unique across the database. */
  identity: string;
  /** 1 for the account's primary wallet (exactly one per account), 0 otherwise. */
  is_primary: number;
  linked_at: number;
  /** The EIP-4361 message and signature that linked it; null when a sign-in created it. */
  link_message: string | null;
  link_signature: string | null;
  /** 1 when the owner published it on the public profile; 0 (the default) otherwise. */
  public: Generated<number>;
  /**
   * The message and signature of its latest sign-in or link: the proof the
   * public profile shows. Null only for a wallet from before proofs were
   * stored that never signed in or linked since.
   */
  proof_message: string | null;
  proof_signature: string | null;
  proof_chain_id: number | null;
  /** The CAIP-2 chain of a proof without an EVM chain id (Solana); null otherwise (accounts/row-chain.ts). */
  proof_chain: string | null;
  proof_at: number | null;
};

/** A wallet's family, as CAIP-2 names it: Ethereum (and every EVM chain) or Solana. */
export type ChainNamespace = 'eip155' | 'solana';

/** How a wallet proves itself: by local recovery (EOA) or on a chain (EIP-1271/6492). */
export type WalletIdentityKind = 'EOA' | 'CONTRACT';

export type SignInsTable = {
  /** Monotonic per database: the cursor of the sign-in history. */
  seq: Generated<number>;
  id: string;
  account_id: string;
  session_id: string;
  /** Null for a passkey's sign-in, as are `wallet_kind`, `message` and `signature`. */
  address: string | null;
  /** The EVM chain id the message named; null for a Solana sign-in. */
  chain_id: number | null;
  /** The CAIP-2 chain of a sign-in without an EVM chain id (Solana); null otherwise (accounts/row-chain.ts). */
  chain: string | null;
  wallet_kind: 'EOA' | 'CONTRACT' | 'COUNTERFACTUAL' | null;
  /** Kept verbatim so the sign-in can be re-verified later. */
  message: string | null;
  signature: string | null;
  user_agent: string | null;
  at: number;
  /** `wallet` (the default, migration 0011) or `passkey`. */
  method: Generated<'wallet' | 'passkey'>;
  /** The passkey used; null for a wallet's sign-in. */
  passkey_id: string | null;
};

// This module's tables join the one Database type (docs/architecture.md, "How to add a module").
declare module '../store/database.js' {
  interface Database {
    accounts: AccountsTable;
    wallets: WalletsTable;
    sign_ins: SignInsTable;
  }
}
