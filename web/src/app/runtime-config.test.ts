import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtime-config';
import { RuntimeConfigError } from './runtime-config-error';

const served = {
  appName: 'Sigil',
  publicUrl: 'http://localhost:3000',
  walletConnectProjectId: null,
  solanaSignIn: true,
  chains: [
    {
      id: 137,
      name: 'Polygon',
      nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
      rpcUrl: 'https://polygon.operator.example',
      testnet: false,
    },
  ],
};

describe('parseRuntimeConfig', () => {
  it('accepts what the server serves at /api/config', () => {
    expect(parseRuntimeConfig(served)).toEqual(served);
  });

  it('rejects a chain without an RPC URL, which would fall back to a public endpoint', () => {
    const { rpcUrl: _, ...chain } = served.chains[0] as (typeof served.chains)[number];
    expect(() => parseRuntimeConfig({ ...served, chains: [chain] })).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig({ ...served, chains: [chain] })).toThrow(/chains\[0\]\.rpcUrl/);
  });

  it('rejects a deployment without chains', () => {
    expect(() => parseRuntimeConfig({ ...served, chains: [] })).toThrow(/chains/);
  });

  it('rejects a chain listed twice', () => {
    expect(() =>
      parseRuntimeConfig({ ...served, chains: [...served.chains, ...served.chains] }),
    ).toThrow(/twice/);
  });

  it('treats an empty WalletConnect project id as none', () => {
    expect(
      parseRuntimeConfig({ ...served, walletConnectProjectId: '' }).walletConnectProjectId,
    ).toBeNull();
  });

  it('rejects a config that does not say whether Solana wallets may sign in', () => {
    const { solanaSignIn: _, ...withoutSolana } = served;
    expect(() => parseRuntimeConfig(withoutSolana)).toThrow(/solanaSignIn/);
    expect(() => parseRuntimeConfig({ ...served, solanaSignIn: 'yes' })).toThrow(/solanaSignIn/);
  });

  it('rejects what is not an object', () => {
    expect(() => parseRuntimeConfig('<html>')).toThrow(RuntimeConfigError);
  });
});
