import { observableValue } from './observable-value';
import type { EarlyWalletChoice } from './pending-connect';

/**
 * The wallets RainbowKit lists besides the ones the browser announces, as the
 * early wallet list shows them before RainbowKit has loaded: the same ids,
 * names and order as wallet/build-wallet-list.ts builds (a test holds the two
 * together). Icons are RainbowKit's own and load with it; until then a wallet
 * is shown by its initial.
 */
export type OfferedWallet = {
  /** RainbowKit's wallet id: its option in the dialog is `rk-wallet-option-<id>`. */
  id: string;
  name: string;
  /** The EIP-6963 rdns the wallet announces itself with, when it is a browser wallet. */
  rdns?: string;
};

/** Always offered. */
export const POPULAR_WALLETS: readonly OfferedWallet[] = [
  { id: 'metaMask', name: 'MetaMask', rdns: 'io.metamask' },
  { id: 'coinbase', name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' },
  { id: 'rainbow', name: 'Rainbow', rdns: 'me.rainbow' },
];

/** Offered only when the deployment has a WalletConnect project id. */
export const WALLET_CONNECT_WALLETS: readonly OfferedWallet[] = [
  { id: 'walletConnect', name: 'WalletConnect' },
  { id: 'ledger', name: 'Ledger' },
];

const walletConnectOffered = observableValue(false);

/** Told by the entry once /api/config has answered. */
export const setWalletConnectOffered = walletConnectOffered.set;
export const isWalletConnectOffered = walletConnectOffered.get;
export const onWalletConnectOfferedChange = walletConnectOffered.subscribe;

/** What a tap on an offered wallet asks RainbowKit's dialog for. */
export function offeredChoice(wallet: OfferedWallet): EarlyWalletChoice {
  // RainbowKit lists a wallet it knows under its own id, or under the rdns it announced.
  return { name: wallet.name, optionIds: wallet.rdns ? [wallet.id, wallet.rdns] : [wallet.id] };
}
