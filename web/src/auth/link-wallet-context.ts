import { createContext, useContext } from 'react';
import type { LinkWalletFlow } from './use-link-wallet-flow';

export const LinkWalletContext = createContext<LinkWalletFlow | null>(null);

/** The app's one "Link a wallet" flow: it outlives the page (a wrong-network detour unmounts it). */
export function useLinkWallet(): LinkWalletFlow {
  const flow = useContext(LinkWalletContext);
  if (!flow) throw new Error('useLinkWallet is used outside LinkWalletProvider');
  return flow;
}
