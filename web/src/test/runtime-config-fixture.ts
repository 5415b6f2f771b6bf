import type { RuntimeConfig } from '../app/runtime-config';

/** A deployment with one local chain, whose RPC URL a test chooses. */
export function runtimeConfigFixture(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    appName: 'Sigil',
    publicUrl: 'http://localhost:3000',
    walletConnectProjectId: null,
    solanaSignIn: false,
    chains: [
      {
        id: 31337,
        name: 'Hardhat',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrl: 'http://127.0.0.1:8545',
        testnet: true,
      },
    ],
    ...overrides,
  };
}
