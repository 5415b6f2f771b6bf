import { expect, it } from 'vitest';
import { SOLANA_CLUSTERS } from './solana-clusters.js';
import { SOLANA_IDENTITY_CHAIN, solanaCaip10 } from './solana-identity.js';

it("names a key on every cluster by mainnet's CAIP-2 id", () => {
  expect(SOLANA_IDENTITY_CHAIN).toBe(SOLANA_CLUSTERS.mainnet);
  expect(solanaCaip10('EeJLaExneCtMVgHU4o65pTNsNXV3x7Yz4DN7874xKCxK')).toBe(
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:EeJLaExneCtMVgHU4o65pTNsNXV3x7Yz4DN7874xKCxK',
  );
});
