import '@rainbow-me/rainbowkit/styles.css';
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createGraphqlClient, type GraphqlClient } from '../graphql/create-graphql-client';
import { buildWagmiConfig } from '../wallet/build-wagmi-config';
import { buildWalletList } from '../wallet/build-wallet-list';
import { App } from './app';
import { preloadPageFor } from './preload-page-for';
import type { RuntimeConfig } from './runtime-config';
import { yieldToMain } from './yield-to-main';

export type CreateAppElementOptions = {
  /** The path whose page is loaded before the app is returned, so it renders without a fallback. */
  path?: string;
  /**
   * Fills Apollo's cache before the first render (what the first paint already
   * fetched); says whether `me` is among it, fresh from this page load.
   */
  seed?: (graphql: GraphqlClient) => Promise<{ me: boolean }>;
};

/** Builds the wallet and GraphQL clients for this deployment and the app around them. */
export async function createAppElement(
  config: RuntimeConfig,
  { path, seed }: CreateAppElementOptions = {},
): Promise<ReactElement> {
  const [walletList] = await Promise.all([
    buildWalletList(config),
    path === undefined ? undefined : preloadPageFor(path),
  ]);
  const wagmiConfig = buildWagmiConfig({ config, walletList });
  const queryClient = new QueryClient();
  // Each client in a task of its own, and the first paint's answers written into Apollo's cache
  // in a third: on a phone together they were one long task (docs/web-app.md, "Where the main
  // thread's time goes").
  await yieldToMain();
  const graphql = createGraphqlClient();
  await yieldToMain();
  const seeded = await seed?.(graphql);
  return (
    <App
      config={config}
      wagmiConfig={wagmiConfig}
      queryClient={queryClient}
      graphql={graphql}
      meSeeded={seeded?.me ?? false}
    />
  );
}
