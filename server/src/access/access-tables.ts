/** The access module's tables (migration 0006-access). Times are epoch milliseconds. */
export type AccessChecksTable = {
  account_id: string;
  /** When the chains were last read for this account. */
  checked_at: number;
  /** 1 when a chain failed to answer at that check: its balances are older. */
  stale: number;
  /** The roles the rules granted at that check, as a JSON array, sorted. */
  roles: string;
};

export type AccessBalancesTable = {
  account_id: string;
  /** What was read: `erc20:<chainId>:<contract>`, `erc1155:<chainId>:<contract>:<tokenId>`, `native:<chainId>`. */
  balance_key: string;
  /** Summed over the wallets that count on the chain; a decimal string of base units. */
  balance: string;
  read_at: number;
};

// This module's tables join the one Database type (docs/architecture.md, "How to add a module").
declare module '../store/database.js' {
  interface Database {
    access_checks: AccessChecksTable;
    access_balances: AccessBalancesTable;
  }
}
