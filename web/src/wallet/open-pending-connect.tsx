import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useEffect } from 'react';
import { useAccount } from 'wagmi';
import { useSession } from '../auth/session-context';
import { takePendingConnect } from '../first-paint/pending-connect';
import { chooseWalletInDialog } from './choose-wallet-in-dialog';

/**
 * Opens the connect dialog for a click on Connect that came before the wallet
 * stack had loaded (first-paint/pending-connect.ts), as soon as RainbowKit
 * offers it and the session is known, and presses the wallet chosen meanwhile
 * in the early wallet list; a wallet that reconnected on its own drops the
 * request.
 *
 * RainbowKit closes every dialog from an effect of its own whenever the
 * session is (or turns) signed out, and a parent's effects run after this
 * child's in the same commit: opening from this effect directly would be
 * undone at once. The dialog opens in a microtask, after that commit's effects.
 */
export function OpenPendingConnect() {
  const { openConnectModal } = useConnectModal();
  const { status } = useAccount();
  const { status: session } = useSession();
  useEffect(() => {
    if (status === 'connected') {
      takePendingConnect();
      return;
    }
    if (!openConnectModal || session === 'loading') return;
    let current = true;
    queueMicrotask(() => {
      if (!current) return;
      const pending = takePendingConnect();
      if (!pending) return;
      openConnectModal();
      if (pending.wallet) void chooseWalletInDialog(pending.wallet.optionIds);
    });
    return () => {
      current = false;
    };
  }, [openConnectModal, status, session]);
  return null;
}
