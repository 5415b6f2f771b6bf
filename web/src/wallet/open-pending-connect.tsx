import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useEffect } from 'react';
import { useAccount } from 'wagmi';
import { takePendingConnect } from '../first-paint/pending-connect';

/**
 * Opens the connect dialog for a click on Connect that came before the wallet
 * stack had loaded (first-paint/pending-connect.ts), as soon as RainbowKit
 * offers it; a wallet that reconnected on its own drops the request.
 */
export function OpenPendingConnect() {
  const { openConnectModal } = useConnectModal();
  const { status } = useAccount();
  useEffect(() => {
    if (status === 'connected') takePendingConnect();
    else if (openConnectModal && takePendingConnect()) openConnectModal();
  }, [openConnectModal, status]);
  return null;
}
