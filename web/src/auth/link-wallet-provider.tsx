import type { ReactNode } from 'react';
import { LinkWalletContext } from './link-wallet-context';
import { useLinkWalletFlow } from './use-link-wallet-flow';

export function LinkWalletProvider({ children }: { children: ReactNode }) {
  const flow = useLinkWalletFlow();
  return <LinkWalletContext.Provider value={flow}>{children}</LinkWalletContext.Provider>;
}
