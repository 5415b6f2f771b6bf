import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useEffect, useRef } from 'react';
import { useLinkWallet } from '../../auth/link-wallet-context';

/**
 * The link flow as the Wallets section shows it: the flow itself, plus the
 * connect dialog, which opens by itself once "Connect another wallet" has
 * disconnected the current one, and focus that follows the panel.
 */
export function useLinkWalletPanel() {
  const flow = useLinkWallet();
  const { openConnectModal } = useConnectModal();
  const wantsConnect = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const open = flow.state.step !== 'idle';

  useEffect(() => {
    if (wantsConnect.current && openConnectModal && !flow.wallet.connected) {
      wantsConnect.current = false;
      openConnectModal();
    }
  }, [openConnectModal, flow.wallet.connected]);

  // Focus follows the panel: into it when it opens, back to its button when it closes.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) headingRef.current?.focus();
    if (!open && wasOpen.current) startRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return {
    ...flow,
    headingRef,
    startRef,
    canOpenConnectModal: openConnectModal !== undefined,
    openConnectModal: () => openConnectModal?.(),
    async connectAnother() {
      wantsConnect.current = true;
      await flow.connectAnother();
    },
  };
}
