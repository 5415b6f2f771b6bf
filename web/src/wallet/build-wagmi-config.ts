import { connectorsForWallets, type WalletList } from '@rainbow-me/rainbowkit';
import { type Config, createConfig, createStorage } from 'wagmi';
import type { RuntimeConfig } from '../app/runtime-config';
import { buildChains } from './build-chains';
import { buildTransports } from './build-transports';
import { deferWalletConnectSetup } from './defer-wallet-connect-setup';

export type BuildWagmiConfigParameters = {
  config: RuntimeConfig;
  walletList: WalletList;
  /** Where wagmi remembers the last connection, for reconnecting on reload. @default localStorage */
  storage?: Storage;
};

/**
 * wagmi's configuration from the deployment's. Built with `createConfig` and
 * `connectorsForWallets`, not RainbowKit's `getDefaultConfig`, which contacts
 * WalletConnect hosts at start and gives every chain a default public RPC. WalletConnect
 * connectors start their SDK only when they are used (`deferWalletConnectSetup`).
 */
export function buildWagmiConfig({
  config,
  walletList,
  storage,
}: BuildWagmiConfigParameters): Config {
  const connectors = connectorsForWallets(walletList, {
    appName: config.appName,
    appUrl: config.publicUrl,
    // Only WalletConnect wallets read it, and they are listed only when it is set.
    projectId: config.walletConnectProjectId ?? '',
  }).map(deferWalletConnectSetup);
  return createConfig({
    chains: buildChains(config.chains),
    transports: buildTransports(config.chains),
    connectors,
    // docs/web-app.md: multicall batches of at most 1024 bytes of calldata.
    batch: { multicall: { batchSize: 1_024 } },
    multiInjectedProviderDiscovery: true,
    ssr: false,
    ...(storage ? { storage: createStorage({ storage }) } : {}),
  });
}
