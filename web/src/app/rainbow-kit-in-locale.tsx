import { RainbowKitProvider } from '@rainbow-me/rainbowkit';
import type { ReactNode } from 'react';
import { useLocale } from '../i18n/locale-context';
import { walletTheme } from '../wallet/wallet-theme';

/**
 * RainbowKit's UI in the page's language. It reads the locale itself, below
 * WagmiProvider, so that a change of language renders this again and not the
 * providers above it: wagmi's WagmiProvider (its Hydrate, without SSR) runs its
 * "on mount" step on every render, and with `reconnectOnMount={false}` that step
 * empties wagmi's connections while the status stays `connected`, which reads
 * as a wallet on an unknown chain (the wrong-network banner).
 */
export function RainbowKitInLocale({
  appName,
  children,
}: {
  appName: string;
  children: ReactNode;
}) {
  const { locale } = useLocale();
  return (
    <RainbowKitProvider
      appInfo={{ appName }}
      theme={walletTheme}
      // The dialog speaks the page's language (docs/translations.md); in English its
      // messages are those of docs/sign-in.md.
      locale={locale}
      showRecentTransactions
    >
      {children}
    </RainbowKitProvider>
  );
}
