import { useAccount, useChains, useDisconnect, useSwitchChain } from 'wagmi';

export type WrongNetwork = {
  /** Connected, on a chain this deployment does not enable. */
  isWrongNetwork: boolean;
  chains: readonly { id: number; name: string }[];
  /** Asks the wallet to switch, adding the chain (with its configured RPC URL) where it lacks it. */
  switchTo(chainId: number): void;
  disconnect(): void;
  /** The chain a switch is in flight to, if any. */
  pendingChainId: number | undefined;
  /** True when the last switch failed (refused, unsupported by the wallet). */
  switchFailed: boolean;
};

export function useWrongNetwork(): WrongNetwork {
  const { isConnected, chain } = useAccount();
  const chains = useChains();
  const { switchChain, isPending, variables, isError } = useSwitchChain();
  const { disconnect } = useDisconnect();
  return {
    // wagmi leaves `chain` undefined when the wallet's chain is not among the configured ones.
    isWrongNetwork: isConnected && chain === undefined,
    chains,
    switchTo: (chainId) => switchChain({ chainId }),
    disconnect: () => disconnect(),
    pendingChainId: isPending ? variables?.chainId : undefined,
    switchFailed: isError,
  };
}
