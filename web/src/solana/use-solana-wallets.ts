import { getWallets } from '@wallet-standard/app';
import { useSyncExternalStore } from 'react';
import { isSolanaSigningWallet, type SolanaSigningWallet } from './solana-wallet-features';

let cached: { from: readonly unknown[]; wallets: SolanaSigningWallet[] } | undefined;

function snapshot(): SolanaSigningWallet[] {
  const all = getWallets().get();
  // `get()` returns the same array until a wallet registers or leaves: so does this.
  if (cached?.from !== all) cached = { from: all, wallets: all.filter(isSolanaSigningWallet) };
  return cached.wallets;
}

function subscribe(listener: () => void): () => void {
  const wallets = getWallets();
  const offRegister = wallets.on('register', listener);
  const offUnregister = wallets.on('unregister', listener);
  return () => {
    offRegister();
    offUnregister();
  };
}

/**
 * The Wallet Standard wallets that can sign a Solana sign-in, as they are now.
 * `getWallets()` asks every wallet to register (`wallet-standard:app-ready`)
 * and listens for `wallet-standard:register-wallet`, so a wallet installed
 * after the page loaded appears as soon as it registers.
 */
export function useSolanaWallets(): SolanaSigningWallet[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
