import { http } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createConfig, createConnector, createStorage } from 'wagmi';
import { connect } from 'wagmi/actions';
import { mock } from 'wagmi/connectors';
import { type JsonRpcServer, startJsonRpcServer } from '../test/json-rpc-server';
import { runtimeConfigFixture } from '../test/runtime-config-fixture';
import { testAccounts } from '../test/wagmi-test-config';
import { buildChains } from './build-chains';
import { reconnectRecentWallet } from './reconnect-recent-wallet';

/** A wallet that remembers the site is authorized, as an extension does across reloads. */
function rememberingWallet(id: string) {
  const wallet = mock({
    accounts: [...testAccounts],
    features: { reconnect: true, defaultConnected: true },
  });
  return createConnector((config) => ({ ...wallet(config), id, name: id }));
}

// wagmi's mock wallet forwards what it does not answer itself (eth_accounts) to the chain.
let rpc: JsonRpcServer;
beforeAll(async () => {
  rpc = await startJsonRpcServer((method) =>
    method === 'eth_accounts' ? [...testAccounts] : null,
  );
});
afterAll(() => rpc.close());

/** A page load: a fresh wagmi config over the browser's (shared) localStorage. */
function pageLoad() {
  const { chains } = runtimeConfigFixture();
  chains[0].rpcUrl = rpc.url;
  const config = createConfig({
    chains: buildChains(chains),
    transports: { 31337: http(rpc.url) },
    // The second is a wallet the visitor never used: its SDK must not be started.
    connectors: [rememberingWallet('used'), rememberingWallet('unused')],
    multiInjectedProviderDiscovery: false,
    storage: createStorage({ storage: localStorage }),
  });
  const [used, unused] = config.connectors as [
    (typeof config.connectors)[number],
    (typeof config.connectors)[number],
  ];
  return { config, used, unused };
}

describe('reconnectRecentWallet', () => {
  it('leaves a first-time visitor disconnected and starts no wallet', async () => {
    const { config, used, unused } = pageLoad();
    const getProviders = [vi.spyOn(used, 'getProvider'), vi.spyOn(unused, 'getProvider')];
    await reconnectRecentWallet(config);
    expect(config.state.status).toBe('disconnected');
    for (const getProvider of getProviders) expect(getProvider).not.toHaveBeenCalled();
  });

  it('reconnects the wallet used before, after a reload, and only that one', async () => {
    const first = pageLoad();
    await connect(first.config, { connector: first.used });

    const reload = pageLoad();
    const unusedProvider = vi.spyOn(reload.unused, 'getProvider');
    const statuses: string[] = [];
    reload.config.subscribe(
      (state) => state.status,
      (status) => statuses.push(status),
    );
    await reconnectRecentWallet(reload.config);
    // wagmi's "connecting" is replaced in the same task, before any render can show it.
    expect(statuses.slice(-2)).toEqual(['reconnecting', 'connected']);
    expect(reload.config.state.connections.size).toBe(1);
    expect(unusedProvider).not.toHaveBeenCalled();
  });
});
