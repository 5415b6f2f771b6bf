import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { connect } from 'wagmi/actions';
import { wagmiTestConfig } from '../test/wagmi-test-config';
import { wagmiWrapper } from '../test/wagmi-wrapper';
import { useWrongNetwork } from './use-wrong-network';
import { WrongNetwork } from './wrong-network';

const chains = [
  { id: 1, name: 'Ethereum' },
  { id: 31337, name: 'Hardhat' },
];

describe('WrongNetwork', () => {
  it('says, in an alert, that the network is wrong and what to do', () => {
    render(
      <WrongNetwork
        chains={chains}
        switchTo={() => {}}
        disconnect={() => {}}
        pendingChainId={undefined}
        switchFailed={false}
      />,
    );
    const message = 'Wrong network detected, switch or disconnect to continue.';
    expect(screen.getByTestId('wrong-network').textContent).toBe(message);
    // An alert: a screen reader announces it as soon as it appears.
    expect(screen.getByRole('alert').textContent).toContain(message);
  });

  it('offers a switch to each enabled chain, and a disconnect', () => {
    const switchTo = vi.fn();
    const disconnect = vi.fn();
    render(
      <WrongNetwork
        chains={chains}
        switchTo={switchTo}
        disconnect={disconnect}
        pendingChainId={undefined}
        switchFailed={false}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Hardhat' }));
    expect(switchTo).toHaveBeenCalledWith(31337);
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(disconnect).toHaveBeenCalledOnce();
  });

  it('tells the person when the wallet did not switch', () => {
    render(
      <WrongNetwork
        chains={chains}
        switchTo={() => {}}
        disconnect={() => {}}
        pendingChainId={undefined}
        switchFailed
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'The wallet did not switch. Try again, or switch in the wallet itself.',
    );
  });
});

describe('useWrongNetwork', () => {
  async function connectedHook() {
    const config = wagmiTestConfig();
    const hook = renderHook(() => useWrongNetwork(), { wrapper: wagmiWrapper(config) });
    const connector = config.connectors[0];
    if (!connector) throw new Error('the test config has a mock connector');
    await act(() => connect(config, { connector }));
    return { config, connector, hook };
  }

  it('is not the wrong network on an enabled chain', async () => {
    const { hook } = await connectedHook();
    expect(hook.result.current.isWrongNetwork).toBe(false);
  });

  it('is the wrong network when the wallet moves to a chain that is not enabled', async () => {
    const { connector, hook } = await connectedHook();
    act(() => connector.emitter.emit('change', { chainId: 10 }));
    expect(hook.result.current.isWrongNetwork).toBe(true);
  });

  it('switches the wallet back to an enabled chain', async () => {
    const { connector, hook } = await connectedHook();
    act(() => connector.emitter.emit('change', { chainId: 10 }));
    act(() => hook.result.current.switchTo(31337));
    await waitFor(() => expect(hook.result.current.isWrongNetwork).toBe(false));
  });

  it('disconnects', async () => {
    const { config, connector, hook } = await connectedHook();
    act(() => connector.emitter.emit('change', { chainId: 10 }));
    act(() => hook.result.current.disconnect());
    await waitFor(() => expect(config.state.status).toBe('disconnected'));
    expect(hook.result.current.isWrongNetwork).toBe(false);
  });
});
