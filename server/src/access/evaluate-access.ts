import { identityOfWallet, listedWalletIdentities } from '../accounts/listed-wallet-identities.js';
import type { AccessRule, Requirement } from '../config/access-rule.js';
import type { AccessRuleResultModel, RequirementResultModel } from './access-rule-result.js';
import { type AccountWallet, balanceKey } from './balance-reads.js';

export type EvaluateAccessParameters = {
  rules: readonly AccessRule[];
  wallets: readonly AccountWallet[];
  /**
   * Each balance key's sum: this check's read, or the last one in force when
   * its chain failed. Absent: never read, so it counts as 0 and grants nothing.
   */
  balances: ReadonlyMap<string, bigint>;
};

export type EvaluateAccessReturnType = {
  rules: AccessRuleResultModel[];
  /** The roles the rules grant, sorted. */
  roles: string[];
};

/** Each rule against the account's balances and wallets: which requirements hold, which roles follow. */
export function evaluateAccess({
  rules,
  wallets,
  balances,
}: EvaluateAccessParameters): EvaluateAccessReturnType {
  const results = rules.map((rule): AccessRuleResultModel => {
    const requirements = rule.requirements.map((requirement) =>
      requirementResult(requirement, wallets, balances),
    );
    const granted =
      rule.logic === 'ANY' ? requirements.some((r) => r.met) : requirements.every((r) => r.met);
    return {
      role: rule.role,
      description: rule.description,
      logic: rule.logic,
      granted,
      requirements,
    };
  });
  const roles = [...new Set(results.filter((r) => r.granted).map((r) => r.role))].sort();
  return { rules: results, roles };
}

function requirementResult(
  requirement: Requirement,
  wallets: readonly AccountWallet[],
  balances: ReadonlyMap<string, bigint>,
): RequirementResultModel {
  if (requirement.type === 'allowlist') {
    const listed = wallets.some((wallet) => isListed(wallet, requirement.addresses));
    return {
      type: 'ALLOWLIST',
      chainId: null,
      contract: null,
      tokenId: null,
      minBalance: '1',
      balance: listed ? '1' : '0',
      met: listed,
    };
  }
  const balance = balances.get(balanceKey(requirement)) ?? 0n;
  return {
    type: TYPES[requirement.type],
    chainId: requirement.chainId,
    contract: requirement.type === 'native' ? null : requirement.contract,
    tokenId: requirement.type === 'erc1155' ? String(requirement.tokenId) : null,
    minBalance: String(requirement.minBalance),
    balance: String(balance),
    met: balance >= requirement.minBalance,
  };
}

const TYPES = {
  erc20: 'ERC20',
  erc721: 'ERC721',
  erc1155: 'ERC1155',
  native: 'NATIVE',
} as const;

/**
 * The identity rule for allowlists, the one ADMIN_ADDRESSES follows too
 * (accounts/listed-wallet-identities.ts): an EOA is listed by its bare
 * address or a CAIP-10 entry on any chain, since its key holds the address
 * everywhere; a contract wallet only by `eip155:<its chain>:<its address>`,
 * so the same address deployed by someone else on another chain is not listed.
 */
export function isListed(wallet: AccountWallet, entries: readonly string[]): boolean {
  return listedWalletIdentities(entries).has(identityOfWallet(wallet));
}
