import { EventEmitter } from 'node:events';
import { http } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CreateConnectorFn, createConfig, createStorage } from 'wagmi';
import { connect } from 'wagmi/actions';
import { mock, walletConnect } from 'wagmi/connectors';
import { runtimeConfigFixture } from '../test/runtime-config-fixture';
import { testAccounts } from '../test/wagmi-test-config';
import { buildChains } from './build-chains';
import { deferWalletConnectSetup } from './defer-wallet-connect-setup';
import { reconnectRecentWallet } from './reconnect-recent-wallet';

const PAIRING_URI = 'wc:7f6e5d4c@2?relay-protocol=irn&symKey=0123456789abcdef';
const HARDHAT = 31_337;
// Where the stand-in keeps its session, as WalletConnect's SDK keeps it in the browser.
const SESSION_KEY = 'stand-in-walletconnect-session';

/**
 * Stands in for WalletConnect's EthereumProvider, the part of the SDK that reaches the
 * relay: connecting announces a pairing URI, then a wallet that scanned it approves.
 */
class StandInProvider extends EventEmitter {
  chainId = HARDHAT;
  accounts: string[] = JSON.parse(localStorage.getItem(SESSION_KEY) ?? '[]');

  get session() {
    if (this.accounts.length === 0) return undefined;
    return {
      namespaces: { eip155: { accounts: this.accounts.map((a) => `eip155:${HARDHAT}:${a}`) } },
    };
  }

  async connect() {
    this.emit('display_uri', PAIRING_URI);
    // The wallet that scanned the URI answers later, not within the announcement.
    await Promise.resolve();
    this.approve([testAccounts[0]]);
    this.emit('connect', { chainId: `0x${HARDHAT.toString(16)}` });
  }

  approve(accounts: string[]) {
    this.accounts = accounts;
    localStorage.setItem(SESSION_KEY, JSON.stringify(accounts));
  }

  async enable() {
    return this.accounts;
  }

  async disconnect() {
    this.approve([]);
  }
}

/**
 * wagmi's own WalletConnect connector, its setup, connect and listeners as they are,
 * with the stand-in where it would create WalletConnect's provider.
 */
function walletConnectWithStandIn() {
  const created: StandInProvider[] = [];
  let provider: Promise<StandInProvider> | undefined;
  const createConnector: CreateConnectorFn = (config) => ({
    ...walletConnect({ projectId: 'e2e0000000000000000000000000000e', showQrModal: false })(config),
    getProvider() {
      provider ??= Promise.resolve().then(() => {
        created.push(new StandInProvider());
        return created[created.length - 1] as StandInProvider;
      });
      return provider;
    },
  });
  return { createConnector, created };
}

/** A page load: a fresh wagmi config over the browser's (shared) localStorage. */
function pageLoad(createConnector: CreateConnectorFn) {
  const { chains } = runtimeConfigFixture();
  const config = createConfig({
    chains: buildChains(chains),
    transports: { [HARDHAT]: http('http://127.0.0.1:9') },
    connectors: [createConnector],
    multiInjectedProviderDiscovery: false,
    storage: createStorage({ storage: localStorage }),
  });
  const [connector] = config.connectors as [(typeof config.connectors)[number]];
  return { config, connector };
}

/**
 * Builds the config on vitest's clock and runs all it set going: its promises,
 * and the timers they set. What has not happened by then is not on its way.
 * The test just before shows that this is enough to see a provider created.
 */
async function settledPageLoad(createConnector: CreateConnectorFn) {
  vi.useFakeTimers();
  const page = pageLoad(createConnector);
  await vi.runAllTimersAsync();
  vi.useRealTimers();
  return page;
}

describe('deferWalletConnectSetup', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is needed: wagmi's WalletConnect connector creates its provider as the config is built", async () => {
    const walletConnect = walletConnectWithStandIn();
    await settledPageLoad(walletConnect.createConnector);
    expect(walletConnect.created).toHaveLength(1);
  });

  it('creates no WalletConnect provider when the config is built', async () => {
    const walletConnect = walletConnectWithStandIn();
    await settledPageLoad(deferWalletConnectSetup(walletConnect.createConnector));
    expect(walletConnect.created).toHaveLength(0);
  });

  it('creates the provider on connect, and RainbowKit gets the pairing URI for its QR code', async () => {
    const walletConnect = walletConnectWithStandIn();
    const { config, connector } = pageLoad(deferWalletConnectSetup(walletConnect.createConnector));
    const messages: unknown[] = [];
    connector.emitter.on('message', (message) => messages.push(message));

    // As RainbowKit's scan view does: its own copy of the connector, asked for the URI first.
    const wallet = { ...connector, rkDetails: { id: 'walletConnect' } };
    const qrCodeUri = wallet
      .getProvider()
      .then(
        (provider) =>
          new Promise((resolve) => (provider as StandInProvider).once('display_uri', resolve)),
      );
    const connected = await connect(config, { connector });

    expect(await qrCodeUri).toBe(PAIRING_URI);
    expect(messages).toContainEqual(
      expect.objectContaining({ type: 'display_uri', data: PAIRING_URI }),
    );
    expect(connected.accounts).toEqual([testAccounts[0]]);
    expect(config.state.status).toBe('connected');
    expect(walletConnect.created).toHaveLength(1);
  });

  it('listens to the provider once it exists, as setup() would have from the start', async () => {
    const walletConnect = walletConnectWithStandIn();
    const { config, connector } = pageLoad(deferWalletConnectSetup(walletConnect.createConnector));
    const provider = (await connector.getProvider()) as StandInProvider;

    // A session the provider announces by itself reaches wagmi through setup()'s listener.
    provider.approve([testAccounts[1]]);
    provider.emit('connect', { chainId: `0x${HARDHAT.toString(16)}` });
    await vi.waitFor(() => expect(config.state.status).toBe('connected'));
    expect(config.state.connections.get(connector.uid)?.accounts).toEqual([testAccounts[1]]);

    // And the wallet ending the session disconnects, through setup()'s other listener.
    provider.emit('session_delete');
    await vi.waitFor(() => expect(config.state.status).toBe('disconnected'));
    expect(walletConnect.created).toHaveLength(1);
  });

  it('reconnects a WalletConnect session after a reload, creating the provider only then', async () => {
    const first = walletConnectWithStandIn();
    const before = pageLoad(deferWalletConnectSetup(first.createConnector));
    await connect(before.config, { connector: before.connector });

    const reload = walletConnectWithStandIn();
    const after = await settledPageLoad(deferWalletConnectSetup(reload.createConnector));
    expect(reload.created).toHaveLength(0);
    await reconnectRecentWallet(after.config);
    expect(after.config.state.status).toBe('connected');
    expect(after.config.state.connections.get(after.connector.uid)?.accounts).toEqual([
      testAccounts[0],
    ]);
    expect(reload.created).toHaveLength(1);
  });

  it('leaves the setup of other connectors at start', async () => {
    const setup = vi.fn(async () => {});
    const injectedLike: CreateConnectorFn = (config) => ({
      ...mock({ accounts: [...testAccounts] })(config),
      setup,
    });
    pageLoad(deferWalletConnectSetup(injectedLike));
    expect(setup).toHaveBeenCalledOnce();
  });
});
