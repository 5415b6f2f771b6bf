import { plural, t } from '@lingui/core/macro';
import type { RuntimeChain } from '../../app/runtime-config';
import { shortAddress } from '../../components/short-address';
import type { Formatter } from '../../format/create-formatter';
import type { RequirementResult } from './access-report';

/** What an ERC-20 contract says of itself; null where it did not answer. */
export type TokenFacts = { decimals: number | null; symbol: string | null };

export type RequirementText = {
  /** "SGL (ERC-20)", "ETH", "An NFT (ERC-721)", "Token #7 (ERC-1155)", "The allowlist". */
  what: string;
  /** "on Base · 0x1234…abcd"; null for an allowlist. */
  where: string | null;
  /** "2 of 5 SGL — 3 more needed", "12 SGL held, at least 5 needed", "On the list". */
  amount: string;
};

export type DescribeRequirementParameters = {
  requirement: RequirementResult;
  /** The deployment's chains: names and native currencies. */
  chains: readonly RuntimeChain[];
  /** The ERC-20 contract's decimals and symbol, when it answered. */
  token?: TokenFacts | null;
  /** Amounts in the visitor's locale. */
  format: Pick<Formatter, 'number' | 'tokenAmount'>;
};

type Unit = { format(value: bigint): string; unit(value: bigint): string };

function parseAmount(value: string): bigint | null {
  try {
    return /^\d+$/.test(value) ? BigInt(value) : null;
  } catch {
    return null;
  }
}

function tokenUnit(
  format: DescribeRequirementParameters['format'],
  decimals: number | null,
  symbol: string | null,
): Unit {
  // Without decimals an amount cannot be scaled: base units, said so, rather than a guess.
  if (decimals === null) {
    const unit = symbol ? t`base units of ${symbol}` : t`base units`;
    return { format: (value) => format.number(value), unit: () => unit };
  }
  const unit = symbol ?? t`tokens`;
  return { format: (value) => format.tokenAmount(value, decimals), unit: () => unit };
}

const countUnit = (format: DescribeRequirementParameters['format']): Unit => ({
  format: (value) => format.number(value),
  unit: (value) => plural(Number(value), { one: 'token', other: 'tokens' }),
});

function describeAmount(requirement: RequirementResult, units: Unit): string {
  const balance = parseAmount(requirement.balance);
  const minimum = parseAmount(requirement.minBalance);
  if (balance === null || minimum === null) {
    const { balance: held, minBalance: needed } = requirement;
    return t`${held} of ${needed}`;
  }
  const { format, unit } = units;
  const held = format(balance);
  const needed = format(minimum);
  if (requirement.met) {
    const heldUnit = unit(balance);
    return t`${held} ${heldUnit} held, at least ${needed} needed`;
  }
  const missing = minimum - balance;
  const neededUnit = unit(minimum);
  // Not met with enough held happens when a chain failed to answer: nothing is missing to say.
  if (missing <= 0n) return t`${held} of ${needed} ${neededUnit}`;
  const more = format(missing);
  return t`${held} of ${needed} ${neededUnit} — ${more} more needed`;
}

/** One requirement of an access rule in words: what is needed, where, and how far the account is. */
export function describeRequirement({
  requirement,
  chains,
  token = null,
  format,
}: DescribeRequirementParameters): RequirementText {
  const chain = chains.find((item) => item.id === requirement.chainId);
  const chainId = requirement.chainId;
  const chainName = chain?.name ?? (chainId == null ? null : t`chain ${chainId}`);
  const contract = requirement.contract ? shortAddress(requirement.contract) : null;
  const where =
    chainName === null ? null : contract ? t`on ${chainName} · ${contract}` : t`on ${chainName}`;

  switch (requirement.type) {
    case 'ALLOWLIST':
      return {
        what: t`The allowlist`,
        where: null,
        amount: requirement.met ? t`On the list` : t`Not on the list`,
      };
    case 'NATIVE': {
      const currency = chain?.nativeCurrency;
      return {
        what: currency ? currency.symbol : t`The native currency`,
        where,
        amount: describeAmount(
          requirement,
          currency
            ? tokenUnit(format, currency.decimals, currency.symbol)
            : tokenUnit(format, null, null),
        ),
      };
    }
    case 'ERC20':
      return {
        what: token?.symbol ? `${token.symbol} (ERC-20)` : t`A token (ERC-20)`,
        where,
        amount: describeAmount(
          requirement,
          tokenUnit(format, token?.decimals ?? null, token?.symbol ?? null),
        ),
      };
    case 'ERC721':
      return {
        what: t`An NFT (ERC-721)`,
        where,
        amount: describeAmount(requirement, countUnit(format)),
      };
    case 'ERC1155': {
      const tokenId = requirement.tokenId ?? '?';
      return {
        what: t`Token #${tokenId} (ERC-1155)`,
        where,
        amount: describeAmount(requirement, countUnit(format)),
      };
    }
  }
}
