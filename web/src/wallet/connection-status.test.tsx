import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAccount } from 'wagmi';
import { connect, disconnect } from 'wagmi/actions';
import { wagmiTestConfig } from '../test/wagmi-test-config';
import { wagmiWrapper } from '../test/wagmi-wrapper';
import { ConnectionStatus, type WalletConnectionStatus } from './connection-status';

function LiveConnectionStatus() {
  return <ConnectionStatus status={useAccount().status} />;
}

describe('ConnectionStatus', () => {
  it.each<WalletConnectionStatus>(['disconnected', 'connecting', 'connected', 'reconnecting'])(
    'shows "%s" as exactly that word',
    (status) => {
      render(<ConnectionStatus status={status} />);
      expect(screen.getByTestId('connection-status').textContent).toBe(status);
    },
  );

  it('follows the wallet as it connects and disconnects', async () => {
    const config = wagmiTestConfig();
    render(<LiveConnectionStatus />, { wrapper: wagmiWrapper(config) });
    expect(screen.getByTestId('connection-status').textContent).toBe('disconnected');

    const connector = config.connectors[0];
    if (!connector) throw new Error('the test config has a mock connector');
    let connecting: Promise<unknown> = Promise.resolve();
    act(() => {
      connecting = connect(config, { connector });
    });
    expect(screen.getByTestId('connection-status').textContent).toBe('connecting');
    await act(() => connecting);
    expect(screen.getByTestId('connection-status').textContent).toBe('connected');

    await act(() => disconnect(config));
    expect(screen.getByTestId('connection-status').textContent).toBe('disconnected');
  });
});
