import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverAnnouncedWallets, forgetAnnouncedWallets } from './announced-wallets';
import { EarlyWalletList } from './early-wallet-list';
import { setWalletConnectOffered } from './offered-wallets';
import { getPendingConnect, requestConnect, takePendingConnect } from './pending-connect';

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';

function announce(info: Record<string, unknown>) {
  act(() => {
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info } }));
  });
}

let stopDiscovery: () => void;
beforeEach(() => {
  stopDiscovery = discoverAnnouncedWallets();
});
afterEach(() => {
  stopDiscovery();
  forgetAnnouncedWallets();
  setWalletConnectOffered(false);
  takePendingConnect();
});

const dialog = () => screen.getByTestId('early-wallet-list') as HTMLDialogElement;
const groupNamed = (name: string) => screen.getByRole('region', { name });
const optionNames = (group: HTMLElement) =>
  within(group)
    .getAllByRole('button')
    .map((button) => button.querySelector('.early-wallet-name')?.textContent);

describe('EarlyWalletList', () => {
  it('opens at once for a tap on Connect, with the wallets RainbowKit will list', () => {
    render(<EarlyWalletList />);
    expect(dialog().open).toBe(false);
    announce({ uuid: '1', rdns: 'org.example.wallet', name: 'Example Wallet', icon: ICON });
    act(() => requestConnect());

    expect(dialog().open).toBe(true);
    // Found as RainbowKit's is, by the attribute too.
    expect(document.querySelector('[role="dialog"]')).toBe(dialog());
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Connect a Wallet');
    expect(optionNames(groupNamed('Installed'))).toEqual(['Example Wallet']);
    expect(groupNamed('Installed').querySelector('img')?.getAttribute('src')).toBe(ICON);
    expect(optionNames(groupNamed('Popular'))).toEqual(['MetaMask', 'Coinbase Wallet', 'Rainbow']);
  });

  it("shows a wallet that gave no usable icon by its name's first character, whole", () => {
    render(<EarlyWalletList />);
    announce({
      uuid: '1',
      rdns: 'org.example.fox',
      name: '🦊 Fox',
      icon: 'https://example.com/fox.png',
    });
    act(() => requestConnect());
    const option = screen.getByTestId('early-wallet-option-org.example.fox');
    expect(option.querySelector('img')).toBeNull();
    expect(option.querySelector('.early-wallet-icon')?.textContent).toBe('🦊');
  });

  it('lists an announced wallet once, under Installed, and not again under Popular', () => {
    render(<EarlyWalletList />);
    announce({ uuid: '1', rdns: 'io.metamask', name: 'MetaMask', icon: ICON });
    announce({ uuid: '2', rdns: 'io.metamask', name: 'MetaMask again', icon: ICON });
    act(() => requestConnect());
    expect(optionNames(groupNamed('Installed'))).toEqual(['MetaMask']);
    expect(optionNames(groupNamed('Popular'))).toEqual(['Coinbase Wallet', 'Rainbow']);
  });

  it('adds WalletConnect and Ledger when the deployment offers WalletConnect', () => {
    render(<EarlyWalletList />);
    act(() => {
      setWalletConnectOffered(true);
      requestConnect();
    });
    expect(optionNames(groupNamed('Popular'))).toEqual([
      'MetaMask',
      'Coinbase Wallet',
      'Rainbow',
      'WalletConnect',
      'Ledger',
    ]);
  });

  it("keeps the chosen wallet for RainbowKit's dialog and says it is opening it", () => {
    render(<EarlyWalletList />);
    announce({ uuid: '1', rdns: 'org.example.wallet', name: 'Example Wallet', icon: ICON });
    act(() => requestConnect());
    fireEvent.click(screen.getByTestId('early-wallet-option-org.example.wallet'));
    expect(
      screen.getByTestId('early-wallet-option-org.example.wallet').getAttribute('aria-pressed'),
    ).toBe('true');
    expect(within(dialog()).getByRole('status').textContent).toBe('Opening Example Wallet…');
    fireEvent.click(screen.getByTestId('early-wallet-option-metaMask'));
    expect(takePendingConnect()).toEqual({
      requested: true,
      wallet: { name: 'MetaMask', optionIds: ['metaMask', 'io.metamask'] },
    });
  });

  it.each([
    ['its close button', () => fireEvent.click(screen.getByRole('button', { name: 'Close' }))],
    ['a tap on the backdrop', () => fireEvent.click(dialog())],
  ])('drops the request when closed by %s', (_how, close) => {
    render(<EarlyWalletList />);
    act(() => requestConnect());
    fireEvent.click(screen.getByTestId('early-wallet-option-rainbow'));
    close();
    expect(dialog().open).toBe(false);
    expect(getPendingConnect()).toEqual({ requested: false, wallet: null });
  });
});
