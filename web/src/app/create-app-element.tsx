import '@rainbow-me/rainbowkit/styles.css';
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createGraphqlClient } from '../graphql/create-graphql-client';
import { buildWagmiConfig } from '../wallet/build-wagmi-config';
import { buildWalletList } from '../wallet/build-wallet-list';
import { App } from './app';
import type { RuntimeConfig } from './runtime-config';

/** Builds the wallet and GraphQL clients for this deployment and the app around them. */
export async function createAppElement(config: RuntimeConfig): Promise<ReactElement> {
  const walletList = await buildWalletList(config);
  const wagmiConfig = buildWagmiConfig({ config, walletList });
  const queryClient = new QueryClient();
  const graphql = createGraphqlClient();
  return (
    <App config={config} wagmiConfig={wagmiConfig} queryClient={queryClient} graphql={graphql} />
  );
}
