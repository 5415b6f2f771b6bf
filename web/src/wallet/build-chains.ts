import { type Chain, defineChain } from 'viem';
import { base, hardhat, mainnet, polygon, sepolia } from 'viem/chains';
import type { RuntimeChain } from '../app/runtime-config';

/** viem's definitions bring contracts (multicall3, ENS resolver), explorers and formatters. */
const knownChains: Readonly<Record<number, Chain>> = {
  [mainnet.id]: mainnet,
  [base.id]: base,
  [polygon.id]: polygon,
  [sepolia.id]: sepolia,
  [hardhat.id]: hardhat,
};

/**
 * viem chain objects for the deployment's chains. The configured URL replaces every RPC
 * URL of viem's definition: the only endpoint a chain may ever reach is the operator's.
 */
export function buildChains(
  chains: readonly [RuntimeChain, ...RuntimeChain[]],
): [Chain, ...Chain[]] {
  const toChain = (chain: RuntimeChain): Chain =>
    defineChain({
      ...knownChains[chain.id],
      id: chain.id,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      rpcUrls: { default: { http: [chain.rpcUrl] } },
      testnet: chain.testnet,
    });
  const [first, ...rest] = chains;
  return [toChain(first), ...rest.map(toChain)];
}
