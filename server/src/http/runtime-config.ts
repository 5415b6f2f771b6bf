import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config/load-config.js';

/** What the browser needs at run time, so one web build serves every deployment. */
export type RuntimeConfig = {
  appName: string;
  publicUrl: string;
  walletConnectProjectId: string | null;
  /**
   * Whether Solana wallets may sign in (`SOLANA_CLUSTERS` not empty). Here
   * rather than asked of GraphQL, so the header knows whether to offer the
   * Solana button without a request of its own on every visit.
   */
  solanaSignIn: boolean;
  chains: {
    id: number;
    name: string;
    nativeCurrency: { name: string; symbol: string; decimals: number };
    /** PUBLIC_RPC_URL_<id>, or this server's /rpc/<id>: never RPC_URL_<id>. */
    rpcUrl: string;
    testnet: boolean;
  }[];
};

export function runtimeConfig(config: Config): RuntimeConfig {
  return {
    appName: config.appName,
    publicUrl: config.publicUrl.origin,
    walletConnectProjectId: config.walletConnectProjectId ?? null,
    solanaSignIn: config.solanaClusters.length > 0,
    // The server's RPC_URL_<id> may carry credentials: the browser gets its own URL.
    chains: config.chains.map(({ id, name, nativeCurrency, browserRpcUrl, testnet }) => ({
      id,
      name,
      nativeCurrency,
      rpcUrl: browserRpcUrl,
      testnet,
    })),
  };
}

/** GET /api/config: revalidated at every load, so a changed deployment is seen at once. */
export const serveRuntimeConfig: FastifyPluginAsync<{ config: Config }> = async (
  app,
  { config },
) => {
  app.get('/api/config', async (_req, reply) =>
    reply.header('cache-control', 'no-cache').send(runtimeConfig(config)),
  );
};
