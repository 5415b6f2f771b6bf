import {
  ChainMismatchError,
  InsufficientFundsError,
  TransactionExecutionError,
  UserRejectedRequestError,
} from 'viem';
import { sepolia } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { classifyTipFailure, tipFailureMessage } from './tip-failure';

const wrapped = (cause: Error) =>
  new TransactionExecutionError(cause as never, { account: undefined, chain: sepolia } as never);

describe('classifyTipFailure', () => {
  it('reads a rejection in the wallet, wrapped or bare, by class or by EIP-1193 code 4001', () => {
    expect(classifyTipFailure(wrapped(new UserRejectedRequestError(new Error('no'))))).toBe(
      'rejected',
    );
    expect(classifyTipFailure(Object.assign(new Error('User denied'), { code: 4001 }))).toBe(
      'rejected',
    );
  });

  it('reads insufficient funds, as viem names it or as Hardhat words it', () => {
    expect(classifyTipFailure(wrapped(new InsufficientFundsError()))).toBe('insufficient-funds');
    expect(
      classifyTipFailure(
        new Error("Sender doesn't have enough funds to send tx. The max upfront cost is: 1"),
      ),
    ).toBe('insufficient-funds');
  });

  it('reads a wrong network', () => {
    expect(classifyTipFailure(new ChainMismatchError({ chain: sepolia, currentChainId: 1 }))).toBe(
      'wrong-network',
    );
    expect(
      classifyTipFailure(Object.assign(new Error('x'), { name: 'ConnectorChainMismatchError' })),
    ).toBe('wrong-network');
  });

  it('leaves anything else as a failure to retry', () => {
    expect(classifyTipFailure(new Error('socket hang up'))).toBe('other');
  });
});

describe('tipFailureMessage', () => {
  it('gives each failure its message and way on', () => {
    expect(tipFailureMessage('rejected', 'ETH', 'Sepolia')).toBe(
      'You rejected the tip in your wallet. Nothing was sent.',
    );
    expect(tipFailureMessage('insufficient-funds', 'POL', 'Polygon')).toMatch(
      /enough POL on Polygon/,
    );
    expect(tipFailureMessage('wrong-network', 'ETH', 'Sepolia')).toBe(
      'Your wallet is on another network. Switch to Sepolia to send this tip.',
    );
  });
});
