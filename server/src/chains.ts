import type { Chain } from 'viem';
import { base, hardhat, mainnet, polygon, sepolia } from 'viem/chains';

/** A chain `CHAINS` may enable: what the server and the browser call it, and where it is reached. */
export type KnownChain = {
  id: number;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  /** The endpoint when `RPC_URL_<id>` is unset. */
  defaultRpcUrl: string;
  testnet: boolean;
};

/**
 * Names and native currencies are viem's definitions. The default endpoints
 * are pinned here rather than taken from viem: which third party sees every
 * signature check of a deployment that sets no `RPC_URL_<id>` must not change
 * with a viem upgrade (viem's own defaults for mainnet, Polygon and Sepolia
 * are other providers).
 */
function knownChain(
  chain: Chain,
  defaultRpcUrl: string,
  testnet = chain.testnet === true,
): [number, KnownChain] {
  const { name, symbol, decimals } = chain.nativeCurrency;
  return [
    chain.id,
    {
      id: chain.id,
      name: chain.name,
      nativeCurrency: { name, symbol, decimals },
      defaultRpcUrl,
      testnet,
    },
  ];
}

/** The chains Sigil knows how to name, by id. */
export const knownChains: Readonly<Record<number, KnownChain>> = Object.fromEntries([
  knownChain(mainnet, 'https://eth.merkle.io'),
  knownChain(base, 'https://mainnet.base.org'),
  knownChain(polygon, 'https://polygon-rpc.com'),
  knownChain(sepolia, 'https://sepolia.drpc.org'),
  // A local development node (Hardhat, Anvil): no real value, so a testnet
  // whatever viem's definition leaves unsaid.
  knownChain(hardhat, 'http://127.0.0.1:8545', true),
]);
