import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.js';
import { loadConfig } from './load-config.js';

const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const CHECKSUMMED = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const holder = {
  role: 'holder',
  description: 'Holds at least 1 SGL',
  any: [{ type: 'erc20', chainId: 8453, contract: TOKEN, minBalance: '1000000000000000000' }],
};

function problem(rules: unknown, env: NodeJS.ProcessEnv = {}): string {
  try {
    loadConfig({ ...env, ACCESS_RULES: typeof rules === 'string' ? rules : JSON.stringify(rules) });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('ACCESS_RULES', () => {
  it('has no rules by default, and ROLES_TTL is five minutes', () => {
    const config = loadConfig({});
    expect(config.accessRules).toEqual([]);
    expect(config.rolesTtlSeconds).toBe(300);
    expect(loadConfig({ ROLES_TTL: '30s' }).rolesTtlSeconds).toBe(30);
  });

  it('reads every requirement type, with minBalance defaulting to 1 and addresses checksummed', () => {
    const rules = [
      holder,
      {
        role: 'member',
        all: [
          { type: 'erc721', chainId: 1, contract: TOKEN },
          { type: 'erc1155', chainId: 137, contract: TOKEN, tokenId: '7', minBalance: '2' },
        ],
      },
      {
        role: 'friend',
        any: [{ type: 'allowlist', addresses: [TOKEN, `eip155:8453:${TOKEN}`] }],
      },
      { role: 'whale', any: [{ type: 'native', chainId: 1, minBalance: '100' }] },
    ];
    expect(loadConfig({ ACCESS_RULES: JSON.stringify(rules) }).accessRules).toEqual([
      {
        role: 'holder',
        description: 'Holds at least 1 SGL',
        logic: 'ANY',
        requirements: [
          { type: 'erc20', chainId: 8453, contract: CHECKSUMMED, minBalance: 10n ** 18n },
        ],
      },
      {
        role: 'member',
        description: null,
        logic: 'ALL',
        requirements: [
          { type: 'erc721', chainId: 1, contract: CHECKSUMMED, minBalance: 1n },
          { type: 'erc1155', chainId: 137, contract: CHECKSUMMED, tokenId: 7n, minBalance: 2n },
        ],
      },
      {
        role: 'friend',
        description: null,
        logic: 'ANY',
        requirements: [
          { type: 'allowlist', addresses: [CHECKSUMMED, `eip155:8453:${CHECKSUMMED}`] },
        ],
      },
      {
        role: 'whale',
        description: null,
        logic: 'ANY',
        requirements: [{ type: 'native', chainId: 1, minBalance: 100n }],
      },
    ]);
  });

  it('reads a Solana address in an allowlist as that key on every cluster, its case kept', () => {
    const key = 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy';
    const rules = loadConfig({
      ACCESS_RULES: JSON.stringify([
        {
          role: 'friend',
          any: [
            {
              type: 'allowlist',
              addresses: [key, `solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z:${key}`],
            },
          ],
        },
      ]),
    }).accessRules;
    expect(rules[0]?.requirements).toEqual([
      {
        type: 'allowlist',
        addresses: [
          `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${key}`,
          `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${key}`,
        ],
      },
    ]);
    expect(
      problem([{ role: 'x', any: [{ type: 'allowlist', addresses: [key.toLowerCase()] }] }]),
    ).toMatch(/is neither an address/);
  });

  it('reads the path of a JSON file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sigil-rules-'));
    const path = join(dir, 'rules.json');
    writeFileSync(path, JSON.stringify([holder]));
    expect(loadConfig({ ACCESS_RULES: path }).accessRules.map((r) => r.role)).toEqual(['holder']);
    rmSync(dir, { recursive: true });
  });

  it('stops the start with one line naming the rule, the field and what is wrong', () => {
    expect(problem('[{')).toBe('ACCESS_RULES: is not valid JSON (expected an array of rules)');
    expect(problem('/no/such/rules.json')).toMatch(/^ACCESS_RULES: is neither a JSON array nor/);
    expect(problem([{ ...holder, role: 'Holder' }])).toMatch(
      /^ACCESS_RULES: rule 0 \("Holder"\) role must be 1 to 32 of a-z/,
    );
    expect(problem([{ ...holder, role: 'admin' }])).toBe(
      'ACCESS_RULES: rule 0 ("admin") role "admin" is reserved (it comes from ADMIN_ADDRESSES)',
    );
    expect(problem([holder, holder])).toBe('ACCESS_RULES: role "holder" is listed twice');
    expect(problem([{ role: 'x', any: [], all: [] }])).toMatch(
      /^ACCESS_RULES: rule 0 \("x"\) any /,
    );
    expect(problem([{ role: 'x' }])).toBe(
      'ACCESS_RULES: rule 0 ("x") must have exactly one of "any" and "all"',
    );
    expect(
      problem([holder, { role: 'x', all: [{ type: 'erc20', chainId: 1, contract: '0x12' }] }]),
    ).toBe('ACCESS_RULES: rule 1 ("x") all.0.contract is not an address (0x and 40 hex digits)');
    expect(problem([{ role: 'x', any: [{ type: 'erc777', chainId: 1 }] }])).toBe(
      'ACCESS_RULES: rule 0 ("x") any.0.type must be one of erc20, erc721, erc1155, native, allowlist',
    );
    expect(problem([{ role: 'x', any: [{ type: 'native', chainId: 1, minBalance: 5 }] }])).toMatch(
      /^ACCESS_RULES: rule 0 \("x"\) any\.0\.minBalance must be a decimal string/,
    );
    expect(problem([{ role: 'x', any: [{ type: 'native', chainId: 1, minBalance: '0' }] }])).toBe(
      'ACCESS_RULES: rule 0 ("x") any.0.minBalance must be 1 to 2^256-1',
    );
    expect(
      problem([{ role: 'x', any: [{ type: 'erc1155', chainId: 1, contract: TOKEN }] }]),
    ).toMatch(
      /^ACCESS_RULES: rule 0 \("x"\) any\.0\.tokenId must be a decimal string of a token id/,
    );
    expect(problem([{ role: 'x', any: [{ type: 'allowlist', addresses: ['bob'] }] }])).toBe(
      'ACCESS_RULES: rule 0 ("x") any.0.addresses.0 "bob" is neither an address, eip155:<chainId>:<address> nor a Solana address',
    );
    expect(problem([{ role: 'x', any: [{ type: 'native', chainId: 1, extra: true }] }])).toMatch(
      /^ACCESS_RULES: rule 0 \("x"\) any\.0 /,
    );
  });

  it('refuses a rule on a chain CHAINS does not enable', () => {
    expect(problem([holder], { CHAINS: '1' })).toBe(
      'ACCESS_RULES: rule 0 ("holder") any.0.chainId 8453 is not enabled in CHAINS',
    );
  });
});
