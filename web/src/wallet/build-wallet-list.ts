import type { WalletList } from '@rainbow-me/rainbowkit';
import { coinbaseWallet, metaMaskWallet, rainbowWallet } from '@rainbow-me/rainbowkit/wallets';
import { injectedOnlyWallet } from './injected-only-wallet';
import { isMetaMaskProvider, isRainbowProvider } from './injected-provider-tests';

export type BuildWalletListParameters = {
  walletConnectProjectId: string | null;
};

/**
 * The wallets offered besides every EIP-6963 wallet the browser announces (wagmi finds
 * those itself): MetaMask, Coinbase Wallet, Rainbow; WalletConnect and Ledger only when
 * a WalletConnect project id is configured (absent, not broken, otherwise).
 */
export async function buildWalletList({
  walletConnectProjectId,
}: BuildWalletListParameters): Promise<WalletList> {
  const walletConnectEnabled = walletConnectProjectId !== null;
  const popular = [
    injectedOnlyWallet(metaMaskWallet, { isProvider: isMetaMaskProvider, walletConnectEnabled }),
    coinbaseWallet,
    injectedOnlyWallet(rainbowWallet, { isProvider: isRainbowProvider, walletConnectEnabled }),
  ];
  if (!walletConnectEnabled) return [{ groupName: 'Popular', wallets: popular }];
  const { walletConnectWallets } = await import('./wallet-connect-wallets');
  return [{ groupName: 'Popular', wallets: [...popular, ...walletConnectWallets] }];
}
