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
  it.each<[WalletConnectionStatus, string]>([
    ['disconnected', 'Disconnected'],
    ['connecting', 'Connecting…'],
    ['connected', 'Connected'],
    ['reconnecting', 'Reconnecting…'],
  ])('shows "%s" in plain words: "%s", keeping the state name for tests', (status, words) => {
    render(<ConnectionStatus status={status} />);
    const chip = screen.getByTestId('connection-status');
    expect(chip.textContent).toBe(words);
    expect(chip.dataset.status).toBe(status);
  });

  it('follows the wallet as it connects and disconnects', async () => {
    const config = wagmiTestConfig();
    render(<LiveConnectionStatus />, { wrapper: wagmiWrapper(config) });
    expect(screen.getByTestId('connection-status').textContent).toBe('Disconnected');

    const connector = config.connectors[0];
    if (!connector) throw new Error('the test config has a mock connector');
    let connecting: Promise<unknown> = Promise.resolve();
    act(() => {
      connecting = connect(config, { connector });
    });
    expect(screen.getByTestId('connection-status').textContent).toBe('Connecting…');
    await act(() => connecting);
    expect(screen.getByTestId('connection-status').textContent).toBe('Connected');

    await act(() => disconnect(config));
    expect(screen.getByTestId('connection-status').textContent).toBe('Disconnected');
  });
});
