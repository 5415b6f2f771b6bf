import { describe, expect, it, vi } from 'vitest';
import { runtimeConfigFixture } from '../test/runtime-config-fixture';
import { buildWagmiConfig } from './build-wagmi-config';
import { buildWalletList } from './build-wallet-list';

const twoChains = runtimeConfigFixture({
  chains: [
    {
      id: 1,
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:18545',
      testnet: false,
    },
    {
      id: 31337,
      name: 'Hardhat',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:28545',
      testnet: true,
    },
  ],
});

/** RainbowKit's wallet id of each connector (wagmi's own ids differ, e.g. coinbaseWalletSDK). */
function walletIds(config: ReturnType<typeof buildWagmiConfig>) {
  return config.connectors.map(
    (connector) => (connector as { rkDetails?: { id: string } }).rkDetails?.id,
  );
}

describe('buildWagmiConfig', () => {
  it('enables exactly the configured chains', async () => {
    const config = buildWagmiConfig({
      config: twoChains,
      walletList: await buildWalletList(twoChains),
      storage: localStorage,
    });
    expect(config.chains.map((chain) => chain.id)).toEqual([1, 31337]);
  });

  it("gives every chain's client its configured URL and 1024-byte multicall batches", async () => {
    const config = buildWagmiConfig({
      config: twoChains,
      walletList: await buildWalletList(twoChains),
      storage: localStorage,
    });
    for (const { id, rpcUrl } of twoChains.chains) {
      const client = config.getClient({ chainId: id });
      expect(client.transport.url).toBe(rpcUrl);
      expect(client.batch?.multicall).toEqual({ batchSize: 1_024 });
    }
  });

  it('has no WalletConnect connector without a project id', async () => {
    const config = buildWagmiConfig({
      config: twoChains,
      walletList: await buildWalletList(twoChains),
      storage: localStorage,
    });
    expect(walletIds(config)).toEqual(['metaMask', 'coinbase', 'rainbow']);
    expect(config.connectors.filter((connector) => connector.type === 'walletConnect')).toEqual([]);
  });

  it('offers WalletConnect and Ledger with a project id, and starts neither with the config', async () => {
    const withProjectId = {
      ...twoChains,
      walletConnectProjectId: 'e2e0000000000000000000000000000e',
    };
    const config = buildWagmiConfig({
      config: withProjectId,
      walletList: await buildWalletList(withProjectId),
      storage: localStorage,
    });
    expect(walletIds(config)).toContain('ledger');
    const walletConnectors = config.connectors.filter(
      (connector) => connector.type === 'walletConnect',
    );
    // WalletConnect twice (QR code and WalletConnect's own modal), Ledger, and MetaMask and
    // Rainbow by QR code, as neither is installed here.
    expect(walletConnectors).toHaveLength(5);
    for (const connector of walletConnectors) {
      const getProvider = vi.spyOn(connector, 'getProvider').mockResolvedValue(undefined);
      await connector.setup?.();
      expect(getProvider).not.toHaveBeenCalled();
    }
  });
});
