import type { Config } from 'wagmi';
import { reconnect } from 'wagmi/actions';

/**
 * Reconnects the wallet this browser used last, and only that one.
 *
 * wagmi's own reconnect-on-mount asks every connector for its provider, which downloads
 * and starts the Coinbase Wallet SDK (about 100 kB gzipped) on every first visit, and
 * shows "connecting" to someone who never connected. Here a visitor without a previous
 * connection stays "disconnected" and downloads nothing more.
 */
export async function reconnectRecentWallet(config: Config): Promise<void> {
  // Connections still in the state (wagmi resets them at start; kept for configs that don't).
  const previous = new Set(
    Array.from(config.state.connections.values(), (connection) => connection.connector.id),
  );
  const recentId = await config.storage?.getItem('recentConnectorId');
  if (recentId) previous.add(recentId);
  const connectors = config.connectors.filter((connector) => previous.has(connector.id));
  if (connectors.length === 0) return;
  const reconnecting = reconnect(config, { connectors });
  // wagmi says "connecting" here unless it rehydrated a connection (server rendering only);
  // for the person it is a reconnection, and the status shown should say so.
  config.setState((state) => ({ ...state, status: 'reconnecting' }));
  await reconnecting;
}
