import type { Wallet } from '@rainbow-me/rainbowkit';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWalletList } from './build-wallet-list';

async function wallets(walletConnectProjectId: string | null): Promise<Wallet[]> {
  const list = await buildWalletList({ walletConnectProjectId });
  return list.flatMap((group) =>
    group.wallets.map((createWallet) =>
      createWallet({ projectId: walletConnectProjectId ?? '', appName: 'Sigil' }),
    ),
  );
}

function injectMetaMask() {
  (globalThis as { ethereum?: unknown }).ethereum = {
    isMetaMask: true,
    request: async () => null,
    on: () => {},
    removeListener: () => {},
  };
}

describe('buildWalletList', () => {
  afterEach(() => {
    delete (globalThis as { ethereum?: unknown }).ethereum;
  });

  it('offers MetaMask, Coinbase Wallet and Rainbow without WalletConnect', async () => {
    expect((await wallets(null)).map((wallet) => wallet.id)).toEqual([
      'metaMask',
      'coinbase',
      'rainbow',
    ]);
  });

  it('shows wallets that are not installed as such, with no QR code to scan', async () => {
    const [metaMask, , rainbow] = await wallets(null);
    expect(metaMask?.installed).toBe(false);
    expect(metaMask).not.toHaveProperty('qrCode');
    expect(metaMask).not.toHaveProperty('mobile');
    expect(metaMask?.downloadUrls?.browserExtension).toMatch(/^https:/);
    expect(rainbow?.installed).toBe(false);
    expect(rainbow).not.toHaveProperty('qrCode');
  });

  it('connects an injected MetaMask directly', async () => {
    injectMetaMask();
    const [metaMask] = await wallets(null);
    expect(metaMask?.installed).toBe(true);
  });

  it('does not mistake a wallet that imitates MetaMask for it', async () => {
    (globalThis as { ethereum?: unknown }).ethereum = {
      isMetaMask: true,
      isRabby: true,
      request: async () => null,
    };
    const [metaMask] = await wallets(null);
    expect(metaMask?.installed).toBe(false);
  });

  it('adds WalletConnect and Ledger, and QR codes for absent wallets, with a project id', async () => {
    const list = await wallets('0123456789abcdef');
    expect(list.map((wallet) => wallet.id)).toEqual([
      'metaMask',
      'coinbase',
      'rainbow',
      'walletConnect',
      'ledger',
    ]);
    // What the QR code shows: MetaMask's link, carrying the WalletConnect pairing.
    expect(list[0]?.qrCode?.getUri('wc:pairing@2')).toBe(
      'https://metamask.app.link/wc?uri=wc%3Apairing%402',
    );
  });

  it('uses the injected MetaMask rather than WalletConnect when both are possible', async () => {
    injectMetaMask();
    const [metaMask] = await wallets('0123456789abcdef');
    expect(metaMask?.installed).toBe(true);
    expect(metaMask).not.toHaveProperty('qrCode');
  });
});
