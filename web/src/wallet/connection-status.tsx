/** wagmi's connection status, the four states DESIGN §6 names. */
export type WalletConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

const descriptions: Record<WalletConnectionStatus, string> = {
  disconnected: 'No wallet connected',
  connecting: 'Waiting for the wallet to connect',
  connected: 'Wallet connected',
  reconnecting: 'Reconnecting to the wallet',
};

/** Always on screen: the wallet connection state, as a word and a coloured dot. */
export function ConnectionStatus({ status }: { status: WalletConnectionStatus }) {
  return (
    <p className="status-chip" data-state={status} title={descriptions[status]}>
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">Wallet</span>{' '}
      <span data-testid="connection-status" aria-live="polite">
        {status}
      </span>
    </p>
  );
}
