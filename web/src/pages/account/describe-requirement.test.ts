import { describe, expect, it } from 'vitest';
import type { RuntimeChain } from '../../app/runtime-config';
import { createFormatter } from '../../format/create-formatter';
import type { RequirementResult } from './access-report';
import { describeRequirement } from './describe-requirement';

const format = createFormatter('en-US');

const base: RuntimeChain = {
  id: 8453,
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
  testnet: false,
};
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const sgl = { decimals: 18, symbol: 'SGL' };
const units = (amount: string) => `${amount}${'0'.repeat(18)}`;

const requirement = (fields: Partial<RequirementResult>): RequirementResult => ({
  type: 'ERC20',
  chainId: base.id,
  contract: token,
  tokenId: null,
  minBalance: '1',
  balance: '0',
  met: false,
  ...fields,
});

describe('describeRequirement', () => {
  it("says an ERC-20 shortfall in the token's decimals and symbol, with what is missing", () => {
    expect(
      describeRequirement({
        format,
        requirement: requirement({ balance: units('2'), minBalance: units('5') }),
        chains: [base],
        token: sgl,
      }),
    ).toEqual({
      what: 'SGL (ERC-20)',
      where: 'on Base · 0x5FbD…0aa3',
      amount: '2 of 5 SGL — 3 more needed',
    });
  });

  it('says a met ERC-20 requirement as what is held against the minimum', () => {
    const text = describeRequirement({
      format,
      requirement: requirement({
        balance: '12500000000000000000',
        minBalance: units('5'),
        met: true,
      }),
      chains: [base],
      token: sgl,
    });
    expect(text.amount).toBe('12.5 SGL held, at least 5 needed');
  });

  it('falls back to base units when the contract does not say its decimals', () => {
    const text = describeRequirement({
      format,
      requirement: requirement({ balance: '2', minBalance: '5' }),
      chains: [base],
      token: { decimals: null, symbol: null },
    });
    expect(text).toEqual({
      what: 'A token (ERC-20)',
      where: 'on Base · 0x5FbD…0aa3',
      amount: '2 of 5 base units — 3 more needed',
    });
  });

  it("says a native balance in the chain's own currency", () => {
    const text = describeRequirement({
      format,
      requirement: requirement({
        type: 'NATIVE',
        contract: null,
        balance: '250000000000000000',
        minBalance: units('1'),
      }),
      chains: [base],
    });
    expect(text).toEqual({
      what: 'ETH',
      where: 'on Base',
      amount: '0.25 of 1 ETH — 0.75 more needed',
    });
  });

  it('counts ERC-721 tokens', () => {
    const text = describeRequirement({
      format,
      requirement: requirement({ type: 'ERC721', balance: '0', minBalance: '1' }),
      chains: [base],
    });
    expect(text).toEqual({
      what: 'An NFT (ERC-721)',
      where: 'on Base · 0x5FbD…0aa3',
      amount: '0 of 1 token — 1 more needed',
    });
  });

  it('names the ERC-1155 token id and counts it', () => {
    const text = describeRequirement({
      format,
      requirement: requirement({
        type: 'ERC1155',
        tokenId: '7',
        balance: '3',
        minBalance: '2',
        met: true,
      }),
      chains: [base],
    });
    expect(text.what).toBe('Token #7 (ERC-1155)');
    expect(text.amount).toBe('3 tokens held, at least 2 needed');
  });

  it('says whether a wallet is on an allowlist, with no chain', () => {
    const listed = requirement({
      type: 'ALLOWLIST',
      chainId: null,
      contract: null,
      balance: '1',
      met: true,
    });
    expect(describeRequirement({ requirement: listed, chains: [base], format })).toEqual({
      what: 'The allowlist',
      where: null,
      amount: 'On the list',
    });
    const unlisted = { ...listed, balance: '0', met: false };
    expect(describeRequirement({ requirement: unlisted, chains: [base], format }).amount).toBe(
      'Not on the list',
    );
  });

  it('names a chain the app does not know by its id', () => {
    const text = describeRequirement({
      format,
      requirement: requirement({
        type: 'NATIVE',
        chainId: 10,
        contract: null,
        balance: '1',
        minBalance: '2',
      }),
      chains: [base],
    });
    expect(text).toEqual({
      what: 'The native currency',
      where: 'on chain 10',
      amount: '1 of 2 base units — 1 more needed',
    });
  });

  it('says nothing is missing when a requirement is unmet only because its chain did not answer', () => {
    const text = describeRequirement({
      format,
      requirement: requirement({ type: 'ERC721', balance: '2', minBalance: '1', met: false }),
      chains: [base],
    });
    expect(text.amount).toBe('2 of 1 token');
  });
});
