import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config/load-config.js';

/** What the browser needs at run time, so one web build serves every deployment. */
export type RuntimeConfig = {
  appName: string;
  publicUrl: string;
  walletConnectProjectId: string | null;
  chains: {
    id: number;
    name: string;
    nativeCurrency: { name: string; symbol: string; decimals: number };
    rpcUrl: string;
    testnet: boolean;
  }[];
};

export function runtimeConfig(config: Config): RuntimeConfig {
  return {
    appName: config.appName,
    publicUrl: config.publicUrl.origin,
    walletConnectProjectId: config.walletConnectProjectId ?? null,
    chains: config.chains.map(({ id, name, nativeCurrency, rpcUrl, testnet }) => ({
      id,
      name,
      nativeCurrency,
      rpcUrl,
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
