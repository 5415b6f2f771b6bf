import { describe, expect, it } from 'vitest';
import { SOLANA_CLUSTERS, solanaClusterOf } from './solana-clusters.js';

describe('solanaClusterOf', () => {
  it.each([
    ['mainnet', 'mainnet', SOLANA_CLUSTERS.mainnet],
    ['devnet', 'devnet', SOLANA_CLUSTERS.devnet],
    ['testnet', 'testnet', SOLANA_CLUSTERS.testnet],
    ['solana:mainnet', 'mainnet', SOLANA_CLUSTERS.mainnet],
    ['solana:devnet', 'devnet', SOLANA_CLUSTERS.devnet],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'mainnet', SOLANA_CLUSTERS.mainnet],
    ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'devnet', SOLANA_CLUSTERS.devnet],
    ['solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'testnet', SOLANA_CLUSTERS.testnet],
  ])('names %s %s', (chainId, name, id) => {
    expect(solanaClusterOf(chainId)).toStrictEqual({ name, id });
  });

  it.each([
    'localnet',
    'solana:localnet',
    'solana:11111111111111111111111111111111',
    'Mainnet',
    'eip155:1',
    '1',
    'toString',
    'solana:toString',
    'constructor',
    '',
  ])('knows no cluster %s', (chainId) => {
    expect(solanaClusterOf(chainId)).toBeUndefined();
  });
});
