import type { CreateConnectorFn } from 'wagmi';

/**
 * A WalletConnect connector (RainbowKit's WalletConnect and Ledger wallets, and its QR
 * code variants of wallets that are not installed) that creates its provider the first
 * time anything asks for it, not at start. Other connectors are returned unchanged.
 *
 * wagmi's `walletConnect` connector creates the provider in `setup()`, which wagmi runs
 * when the config is built: every first visit would download WalletConnect's SDK (about
 * 250 kB gzipped) and open its relay, for a wallet most visitors never pick. Everything
 * that needs the provider asks `getProvider()` first: `connect()` (its `display_uri`
 * listener feeds RainbowKit's QR code and deep links), RainbowKit's `getQrCodeUri` and
 * `getMobileUri`, and a reconnect on reload, which only asks the last used connector.
 */
export function deferWalletConnectSetup(createConnector: CreateConnectorFn): CreateConnectorFn {
  return (config) => {
    const connector = createConnector(config);
    const { setup, getProvider } = connector;
    if (connector.type !== 'walletConnect' || !setup) return connector;
    let setUp: Promise<void> | undefined;
    return {
      ...connector,
      // Its 'connect' and 'session_delete' listeners only matter once there is a provider.
      async setup() {},
      async getProvider(parameters) {
        // setup() asks for the provider itself: it is given wagmi's own getProvider, as this
        // one would wait for it. Awaited, so no caller gets the provider before its listeners.
        setUp ??= setup.call({ ...this, getProvider });
        await setUp;
        return getProvider.call(this, parameters);
      },
    };
  };
}
