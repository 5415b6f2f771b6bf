import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Config, WagmiProvider } from 'wagmi';

export type WagmiTestProvidersProps = {
  config: Config;
  queryClient: QueryClient;
  children: ReactNode;
};

/** wagmi and its query client, for hooks and views that read the wallet. */
export function WagmiTestProviders({ config, queryClient, children }: WagmiTestProvidersProps) {
  return (
    <WagmiProvider config={config} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  );
}

/** A Testing Library `wrapper` with WagmiTestProviders around what it renders. */
export function wagmiWrapper(config: Config) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <WagmiTestProviders config={config} queryClient={queryClient}>
      {children}
    </WagmiTestProviders>
  );
}
