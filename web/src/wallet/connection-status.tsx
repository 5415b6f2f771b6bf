/** wagmi's connection status, the four states docs/web-app.md names. */
export type WalletConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

/** Each state in the words a person uses; `data-status` keeps the state's name for tests. */
export const connectionStatusLabel: Record<WalletConnectionStatus, string> = {
  disconnected: 'Disconnected',
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
};

const descriptions: Record<WalletConnectionStatus, string> = {
  disconnected: 'No wallet connected',
  connecting: 'Waiting for the wallet to connect',
  connected: 'Wallet connected',
  reconnecting: 'Reconnecting to the wallet',
};

/** Always on screen: the wallet connection state, as words and a coloured dot. */
export function ConnectionStatus({ status }: { status: WalletConnectionStatus }) {
  return (
    <p className="status-chip" data-state={status} title={descriptions[status]}>
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">Wallet</span>{' '}
      <span data-testid="connection-status" data-status={status} aria-live="polite">
        {connectionStatusLabel[status]}
      </span>
    </p>
  );
}
