/**
 * How an account fares against one rule: what the API's `AccessRuleResult`
 * answers (schema/schema.graphql). Written here rather than taken from the
 * GraphQL layer's generated types, which name its context: access/ sits below
 * that layer (docs/architecture.md, "Layers"). The resolvers hand it to the
 * API as it is, so the type checker holds both to one shape.
 */
export type AccessRuleResultModel = {
  role: string;
  description?: string | null | undefined;
  logic: 'ANY' | 'ALL';
  granted: boolean;
  requirements: RequirementResultModel[];
};

/** One requirement of a rule against the account's balances and wallets. */
export type RequirementResultModel = {
  type: 'ALLOWLIST' | 'ERC20' | 'ERC721' | 'ERC1155' | 'NATIVE';
  /** Null for an allowlist. */
  chainId: number | null;
  /** The token contract; null for native balances and allowlists. */
  contract: string | null;
  /** The ERC-1155 token id (a decimal string); null for other types. */
  tokenId: string | null;
  /** The balance that meets the requirement; "1" for an allowlist. */
  minBalance: string;
  /** The account's balance; for an allowlist, "1" when a wallet is listed, else "0". */
  balance: string;
  met: boolean;
};
