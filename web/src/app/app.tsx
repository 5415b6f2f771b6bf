import { ApolloProvider } from '@apollo/client';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type Config, WagmiProvider } from 'wagmi';
import { SiweAuthProvider } from '../auth/siwe-auth-provider';
import type { GraphqlClient } from '../graphql/create-graphql-client';
import { OpenPendingConnect } from '../wallet/open-pending-connect';
import { RecentWalletReconnector } from '../wallet/recent-wallet-reconnector';
import { AppLayout } from './app-layout';
import { ErrorBoundary } from './error-boundary';
import { RainbowKitInLocale } from './rainbow-kit-in-locale';
import type { RuntimeConfig } from './runtime-config';
import { RuntimeConfigContext } from './runtime-config-context';

export type AppProps = {
  config: RuntimeConfig;
  wagmiConfig: Config;
  queryClient: QueryClient;
  graphql: GraphqlClient;
  /** Apollo's cache holds this page load's `me` already (first-paint/seed-apollo-cache.ts). */
  meSeeded?: boolean;
};

/** The providers, outermost first: wallet state, its queries, GraphQL, the session, RainbowKit's UI. */
export function App({ config, wagmiConfig, queryClient, graphql, meSeeded = false }: AppProps) {
  // No context is read here: a render of App renders WagmiProvider again, and wagmi then
  // forgets its connections (see rainbow-kit-in-locale.tsx). The locale is read below it.
  return (
    <ErrorBoundary>
      <RuntimeConfigContext.Provider value={config}>
        {/* wagmi's own reconnect would start every wallet SDK on every visit. */}
        <WagmiProvider config={wagmiConfig} reconnectOnMount={false}>
          <RecentWalletReconnector />
          <QueryClientProvider client={queryClient}>
            <ApolloProvider client={graphql.apollo}>
              <SiweAuthProvider graphql={graphql} meSeeded={meSeeded}>
                <RainbowKitInLocale appName={config.appName}>
                  <OpenPendingConnect />
                  <AppLayout />
                </RainbowKitInLocale>
              </SiweAuthProvider>
            </ApolloProvider>
          </QueryClientProvider>
        </WagmiProvider>
      </RuntimeConfigContext.Provider>
    </ErrorBoundary>
  );
}
