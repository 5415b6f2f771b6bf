import { useAddRecentTransaction } from '@rainbow-me/rainbowkit';
import { useState } from 'react';
import type { Address, Hash } from 'viem';
import {
  useAccount,
  useSendTransaction,
  useSwitchChain,
  useWaitForTransactionReceipt,
} from 'wagmi';
import { classifyTipFailure, type TipFailure } from './tip-failure';

/**
 * - `idle`: nothing sent yet;
 * - `in-wallet`: the wallet is asking the person;
 * - `pending`: sent, waiting to be mined;
 * - `confirmed` / `reverted`: mined, and how it ended;
 * - `failed`: it never went out (`failure` says why).
 */
export type TipStatus = 'idle' | 'in-wallet' | 'pending' | 'confirmed' | 'reverted' | 'failed';

export type Tip = {
  status: TipStatus;
  failure: TipFailure | null;
  hash: Hash | null;
  /** The chain the wallet is on now, if it is connected. */
  walletChainId: number | undefined;
  send(parameters: { chainId: number; value: bigint; description: string }): Promise<void>;
  switching: boolean;
  switchTo(chainId: number): Promise<void>;
  reset(): void;
};

/**
 * Sends a tip through the connected wallet (wagmi), hands it to RainbowKit's recent
 * transactions (the wallet dialog's profile view tracks it to its end), and follows its
 * receipt here too so the page shows the same state.
 */
export function useTip(recipient: Address): Tip {
  const { chainId: walletChainId } = useAccount();
  const { sendTransactionAsync } = useSendTransaction();
  const { switchChainAsync, isPending: switching } = useSwitchChain();
  const addRecentTransaction = useAddRecentTransaction();
  const [sent, setSent] = useState<{ hash: Hash; chainId: number } | null>(null);
  const [inWallet, setInWallet] = useState(false);
  const [failure, setFailure] = useState<TipFailure | null>(null);
  const receipt = useWaitForTransactionReceipt({
    hash: sent?.hash,
    chainId: sent?.chainId,
    query: { enabled: sent !== null },
  });

  let status: TipStatus = 'idle';
  if (inWallet) status = 'in-wallet';
  else if (failure) status = 'failed';
  else if (sent && receipt.data)
    status = receipt.data.status === 'success' ? 'confirmed' : 'reverted';
  else if (sent) status = 'pending';

  return {
    status,
    failure,
    hash: sent?.hash ?? null,
    walletChainId,
    async send({ chainId, value, description }) {
      setFailure(null);
      setSent(null);
      // wagmi would refuse too, later and in other words: say it before the wallet opens.
      if (walletChainId !== chainId) {
        setFailure('wrong-network');
        return;
      }
      setInWallet(true);
      try {
        const hash = await sendTransactionAsync({ to: recipient, value, chainId });
        addRecentTransaction({ hash, description });
        setSent({ hash, chainId });
      } catch (error) {
        setFailure(classifyTipFailure(error));
      } finally {
        setInWallet(false);
      }
    },
    switching,
    async switchTo(chainId) {
      try {
        await switchChainAsync({ chainId });
        setFailure(null);
      } catch (error) {
        setFailure(classifyTipFailure(error) === 'rejected' ? 'wrong-network' : 'other');
      }
    },
    reset() {
      setFailure(null);
      setSent(null);
    },
  };
}
