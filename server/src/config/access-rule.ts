import { isSolanaAddress, solanaCaip10, solanaClusterOf } from '@sigil/siwe';
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';

// One access rule, as ACCESS_RULES lists it (docs/access.md). Every fault is
// one message; json-array-or-file.ts prefixes it with the rule and the field.

const MAX_UINT256 = 2n ** 256n - 1n;

/** A decimal string of base units, as it is written in JSON (numbers lose precision past 2^53). */
const uint256 = (what: string, min: bigint) =>
  z
    .string({ error: `must be a decimal string of ${what} (e.g. "1")` })
    .regex(/^\d{1,78}$/, `must be a decimal string of ${what} (e.g. "1")`)
    .transform(BigInt)
    .refine((value) => value >= min && value <= MAX_UINT256, `must be ${min} to 2^256-1`);

const address = z
  .string({ error: 'must be an address' })
  .refine((text) => isAddress(text, { strict: false }), 'is not an address (0x and 40 hex digits)')
  .transform((text) => getAddress(text));

const chainId = z.number({ error: 'must be a chain id (a number)' }).int().positive();

const minBalance = uint256('base units', 1n).optional().default(1n);

/**
 * An allowlist entry: a bare Ethereum address (EOAs), `eip155:<chainId>:<address>`
 * (a contract wallet on that chain), or a Solana key, bare base58 or as CAIP-10
 * on a cluster Sigil knows. Ethereum entries come out checksummed; a Solana
 * entry comes out as the key's identity (`solana:5eykt…:<base58>`, one on
 * every cluster), its base58 untouched: it is case-sensitive.
 */
export const allowlistEntry = z.string().transform((text, context) => {
  const solana = solanaEntry(text);
  if (solana) return solana;
  const caip10 = /^eip155:(\d{1,20}):(0x[0-9a-fA-F]{40})$/.exec(text);
  const bare = caip10 ? caip10[2] : text;
  if (!bare || !isAddress(bare, { strict: false })) {
    context.addIssue(
      `"${text}" is neither an address, eip155:<chainId>:<address> nor a Solana address`,
    );
    return z.NEVER;
  }
  const checksummed = getAddress(bare);
  return caip10 ? `eip155:${Number(caip10[1])}:${checksummed}` : checksummed;
});

function solanaEntry(text: string): string | undefined {
  if (isSolanaAddress(text)) return solanaCaip10(text);
  const at = text.lastIndexOf(':');
  if (!text.startsWith('solana:') || !solanaClusterOf(text.slice(0, at))) return undefined;
  const address = text.slice(at + 1);
  return isSolanaAddress(address) ? solanaCaip10(address) : undefined;
}

const requirement = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('erc20'), chainId, contract: address, minBalance }),
    z.strictObject({ type: z.literal('erc721'), chainId, contract: address, minBalance }),
    z.strictObject({
      type: z.literal('erc1155'),
      chainId,
      contract: address,
      tokenId: uint256('a token id', 0n),
      minBalance,
    }),
    z.strictObject({ type: z.literal('native'), chainId, minBalance }),
    z.strictObject({
      type: z.literal('allowlist'),
      addresses: z.array(allowlistEntry).min(1).max(10_000),
    }),
  ],
  { error: 'must be one of erc20, erc721, erc1155, native, allowlist' },
);

const requirements = z.array(requirement).min(1).max(16);

/** One rule: a role, and the requirements that grant it (`any` one, or `all`). */
export const accessRule = z
  .strictObject({
    role: z
      .string({ error: 'must be a role name' })
      .regex(
        /^[a-z0-9][a-z0-9-]{0,31}$/,
        'must be 1 to 32 of a-z, 0-9 and "-", not starting with "-"',
      )
      .refine((role) => role !== 'admin', '"admin" is reserved (it comes from ADMIN_ADDRESSES)'),
    description: z.string().max(200).optional(),
    any: requirements.optional(),
    all: requirements.optional(),
  })
  .transform((rule, context) => {
    if ((rule.any === undefined) === (rule.all === undefined)) {
      context.addIssue({ code: 'custom', message: 'must have exactly one of "any" and "all"' });
      return z.NEVER;
    }
    const logic = rule.any ? ('ANY' as const) : ('ALL' as const);
    return {
      role: rule.role,
      description: rule.description ?? null,
      logic,
      requirements: (rule.any ?? rule.all) as Requirement[],
    };
  });

export type AccessRule = z.output<typeof accessRule>;
export type Requirement = z.output<typeof requirement>;

/** Names a rule in a configuration message: its index, and its role when it has one. */
export function describeRule(rule: unknown, index: number): string {
  const role =
    typeof rule === 'object' && rule !== null && 'role' in rule && typeof rule.role === 'string'
      ? ` ("${rule.role}")`
      : '';
  return `rule ${index}${role}`;
}
