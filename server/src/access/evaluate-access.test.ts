import { describe, expect, it } from 'vitest';
import { accessRule } from '../config/access-rule.js';
import { type AccountWallet, balanceKey, planBalanceReads } from './balance-reads.js';
import { evaluateAccess, isListed } from './evaluate-access.js';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const EOA_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const EOA_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const CONTRACT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

const eoa = (address: `0x${string}`): AccountWallet => ({
  namespace: 'eip155',
  address,
  kind: 'EOA',
  chainId: null,
});
const contractOn = (chainId: number): AccountWallet => ({
  namespace: 'eip155',
  address: CONTRACT,
  kind: 'CONTRACT',
  chainId,
});

const rule = (written: unknown) => accessRule.parse(written);
const holder = rule({
  role: 'holder',
  any: [{ type: 'erc20', chainId: 1, contract: TOKEN, minBalance: '100' }],
});

describe('planBalanceReads', () => {
  it('reads each token once per chain, for every EOA and the contract wallets of that chain', () => {
    const both = rule({
      role: 'both',
      all: [
        { type: 'erc20', chainId: 1, contract: TOKEN },
        { type: 'native', chainId: 8453 },
      ],
    });
    const plan = planBalanceReads([holder, both], [eoa(EOA_1), contractOn(8453)]);
    expect([...plan.keys()]).toEqual([1, 8453]);
    expect(plan.get(1)?.map((read) => [read.key, read.holders])).toEqual([
      [`token:1:${TOKEN}`, [EOA_1]],
    ]);
    expect(plan.get(8453)?.map((read) => [read.key, read.holders])).toEqual([
      ['native:8453', [EOA_1, CONTRACT]],
    ]);
  });

  it('needs no read for an allowlist', () => {
    const friend = rule({ role: 'friend', any: [{ type: 'allowlist', addresses: [EOA_1] }] });
    expect(planBalanceReads([friend], [eoa(EOA_1)]).size).toBe(0);
  });
});

describe('evaluateAccess', () => {
  const key = balanceKey(holder.requirements[0] as never);

  it('grants ANY on one requirement met, ALL only on every one', () => {
    const member = rule({
      role: 'member',
      all: [
        { type: 'erc721', chainId: 1, contract: TOKEN },
        { type: 'erc1155', chainId: 1, contract: TOKEN, tokenId: '7', minBalance: '2' },
      ],
    });
    const balances = new Map([
      [key, 100n],
      [`erc1155:1:${TOKEN}:7`, 1n],
    ]);
    const { roles, rules } = evaluateAccess({
      rules: [holder, member],
      wallets: [eoa(EOA_1)],
      balances,
    });
    expect(roles).toEqual(['holder']);
    expect(rules[1]?.requirements.map((r) => [r.type, r.balance, r.met])).toEqual([
      ['ERC721', '100', true],
      ['ERC1155', '1', false],
    ]);
  });

  it('counts a balance never read as 0: a failed read grants nothing', () => {
    const { roles, rules } = evaluateAccess({
      rules: [holder],
      wallets: [eoa(EOA_1)],
      balances: new Map(),
    });
    expect(roles).toEqual([]);
    expect(rules[0]?.requirements[0]).toMatchObject({
      balance: '0',
      minBalance: '100',
      met: false,
    });
  });
});

describe('isListed', () => {
  it('lists an EOA by its bare address, or a CAIP-10 entry on any chain', () => {
    expect(isListed(eoa(EOA_1), [EOA_1])).toBe(true);
    expect(isListed(eoa(EOA_1), [`eip155:137:${EOA_1}`])).toBe(true);
    expect(isListed(eoa(EOA_2), [EOA_1])).toBe(false);
  });

  it('lists a contract wallet only by eip155:<its chain>:<its address>', () => {
    expect(isListed(contractOn(8453), [`eip155:8453:${CONTRACT}`])).toBe(true);
    expect(isListed(contractOn(8453), [CONTRACT])).toBe(false);
    expect(isListed(contractOn(1), [`eip155:8453:${CONTRACT}`])).toBe(false);
  });
});
