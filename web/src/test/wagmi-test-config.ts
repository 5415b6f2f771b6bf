import { http } from 'viem';
import { createConfig, createStorage } from 'wagmi';
import { mock } from 'wagmi/connectors';
import { buildChains } from '../wallet/build-chains';
import { runtimeConfigFixture } from './runtime-config-fixture';

export const testAccounts = [
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
] as const;

/**
 * wagmi with its own `mock` connector (a wallet that answers without a user) on the
 * fixture's chain. `rpcUrl` should be a local server when a test reads the chain (or
 * signs: the mock forwards personal_sign there as eth_sign); `signMessageError`
 * makes every signature request fail as a person's rejection.
 */
export function wagmiTestConfig(
  rpcUrl = 'http://127.0.0.1:9',
  { signMessageError = false }: { signMessageError?: boolean } = {},
) {
  const config = runtimeConfigFixture();
  config.chains[0].rpcUrl = rpcUrl;
  return createConfig({
    chains: buildChains(config.chains),
    transports: { 31337: http(rpcUrl, { retryCount: 0 }) },
    connectors: [
      mock({ accounts: [...testAccounts], features: { reconnect: true, signMessageError } }),
    ],
    multiInjectedProviderDiscovery: false,
    storage: createStorage({ storage: localStorage }),
  });
}
