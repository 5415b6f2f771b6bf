import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
/** wagmi's connection status, the four states docs/web-app.md names. */
export type WalletConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

/** Each state in the words a person uses; `data-status` keeps the state's name for tests. */
export const connectionStatusLabel: Record<WalletConnectionStatus, MessageDescriptor> = {
  disconnected: msg`Disconnected`,
  connecting: msg`Connecting…`,
  connected: msg`Connected`,
  reconnecting: msg`Reconnecting…`,
};

const descriptions: Record<WalletConnectionStatus, MessageDescriptor> = {
  disconnected: msg`No wallet connected`,
  connecting: msg`Waiting for the wallet to connect`,
  connected: msg`Wallet connected`,
  reconnecting: msg`Reconnecting to the wallet`,
};

/** Always on screen: the wallet connection state, as words and a coloured dot. */
export function ConnectionStatus({ status }: { status: WalletConnectionStatus }) {
  const { t, i18n } = useLingui();
  return (
    <p className="status-chip" data-state={status} title={i18n._(descriptions[status])}>
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">{t`Wallet`}</span>{' '}
      <span data-testid="connection-status" data-status={status} aria-live="polite">
        {i18n._(connectionStatusLabel[status])}
      </span>
    </p>
  );
}
