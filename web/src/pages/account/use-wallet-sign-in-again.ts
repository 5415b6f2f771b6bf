import { useApolloClient } from '@apollo/client';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useContext, useState } from 'react';
import { useConfig } from 'wagmi';
import { SessionActionsContext } from '../../auth/session-actions-context';
import {
  type SignInAgainOutcome,
  signInAgainWithWallet,
} from '../../auth/sign-in-again-with-wallet';
import { AccountPageDocument, AccountPasskeysDocument } from '../../graphql/generated/graphql';

export type WalletSignInAgain = {
  signInAgain(): Promise<void>;
  signingInAgain: boolean;
  /** How the last attempt went; 'signed-in' lets the refused action be tried again. */
  outcome: SignInAgainOutcome | null;
  reset(): void;
};

/**
 * After WALLET_SIGN_IN_REQUIRED (docs/web-app.md, "Passkeys"): the connected
 * wallet signs in again (signInAgainWithWallet); with none connected,
 * RainbowKit's connect dialog opens first. The account page is read again:
 * its sessions now include the wallet's.
 */
export function useWalletSignInAgain(): WalletSignInAgain {
  const client = useApolloClient();
  const config = useConfig();
  const { openConnectModal } = useConnectModal();
  // Read when the wallet signs in, not at render: the section renders (in the account
  // page's tests) without the sign-in's providers around it.
  const sessionActions = useContext(SessionActionsContext);
  const [signingInAgain, setSigningInAgain] = useState(false);
  const [outcome, setOutcome] = useState<SignInAgainOutcome | null>(null);
  return {
    async signInAgain() {
      setSigningInAgain(true);
      setOutcome(null);
      const next = sessionActions
        ? await signInAgainWithWallet({
            client,
            config,
            completeSignIn: sessionActions.completeSignIn,
          })
        : 'failed';
      setSigningInAgain(false);
      setOutcome(next);
      if (next === 'no-wallet') openConnectModal?.();
      if (next === 'signed-in') {
        void client
          .refetchQueries({ include: [AccountPageDocument, AccountPasskeysDocument] })
          .catch(() => {});
      }
    },
    signingInAgain,
    outcome,
    reset: () => setOutcome(null),
  };
}
