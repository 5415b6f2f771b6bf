import { ledgerWallet, walletConnectWallet } from '@rainbow-me/rainbowkit/wallets';

/**
 * Wallets that only work through a WalletConnect relay. Imported on demand, only when
 * the deployment has a WalletConnect project id, so no other deployment downloads them.
 */
export const walletConnectWallets = [walletConnectWallet, ledgerWallet];
