import { describe, expect, it } from 'vitest';
import { runtimeConfigFixture } from '../test/runtime-config-fixture';
import { buildChains } from './build-chains';

const mainnetConfig = {
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'https://rpc.operator.example/eth',
  testnet: false,
};

describe('buildChains', () => {
  it("uses only the operator's RPC URL, never viem's public one", () => {
    const [mainnet] = buildChains([mainnetConfig]);
    expect(mainnet.rpcUrls).toEqual({ default: { http: ['https://rpc.operator.example/eth'] } });
  });

  it("keeps viem's contracts for known chains (ENS, multicall)", () => {
    const [mainnet] = buildChains([mainnetConfig]);
    expect(mainnet.contracts?.ensUniversalResolver?.address).toMatch(/^0x/);
    expect(mainnet.contracts?.multicall3?.address).toMatch(/^0x/);
  });

  it('takes name, currency and testnet flag from the configuration', () => {
    const [polygon] = buildChains([
      {
        id: 137,
        name: 'Polygon PoS',
        nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
        rpcUrl: 'http://127.0.0.1:8547',
        testnet: false,
      },
    ]);
    expect(polygon).toMatchObject({
      id: 137,
      name: 'Polygon PoS',
      nativeCurrency: { symbol: 'POL', decimals: 18 },
      testnet: false,
    });
  });

  it('builds a chain viem does not know from the configuration alone', () => {
    const [chain] = buildChains([{ ...mainnetConfig, id: 424242, name: 'Local' }]);
    expect(chain).toMatchObject({ id: 424242, name: 'Local' });
    expect(chain.rpcUrls.default.http).toEqual(['https://rpc.operator.example/eth']);
  });

  it('keeps the order of the configuration', () => {
    const config = runtimeConfigFixture({
      chains: [{ ...mainnetConfig, id: 11155111, name: 'Sepolia', testnet: true }, mainnetConfig],
    });
    expect(buildChains(config.chains).map((chain) => chain.id)).toEqual([11155111, 1]);
  });
});
