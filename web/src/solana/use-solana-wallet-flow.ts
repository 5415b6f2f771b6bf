import { useApolloClient } from '@apollo/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSessionActions } from '../auth/session-actions-context';
import { useSignInActivityReporter } from '../auth/sign-in-activity-context';
import { runSolanaWalletFlow, type SolanaFailure } from './run-solana-wallet-flow';
import type { SolanaSigningWallet } from './solana-wallet-features';

/** The step an attempt failed at: each has its own message. */
export type SolanaFailedAt = 'preparing' | 'signing' | 'verifying';

export type SolanaFlowState =
  | { step: 'choosing' }
  | { step: 'preparing' | 'signing' | 'verifying'; wallet: SolanaSigningWallet }
  | {
      step: 'failed';
      wallet: SolanaSigningWallet;
      failure: SolanaFailure;
      at: SolanaFailedAt;
    }
  | { step: 'done'; wallet: SolanaSigningWallet; address: string };

export type SolanaWalletFlow = {
  state: SolanaFlowState;
  /** Starts an attempt with `wallet` (a fresh nonce every time). */
  start(wallet: SolanaSigningWallet): void;
  /** Back to the wallet list. */
  chooseAnother(): void;
};

/** The Solana sign-in or link as React state, for the dialog. */
export function useSolanaWalletFlow(purpose: 'sign-in' | 'link'): SolanaWalletFlow {
  const client = useApolloClient();
  const { completeSignIn } = useSessionActions();
  const activity = useSignInActivityReporter();
  const [state, setState] = useState<SolanaFlowState>({ step: 'choosing' });
  // Only the latest attempt reports: one left behind (the dialog moved on) is ignored.
  const run = useRef(0);
  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );

  const start = useCallback(
    (wallet: SolanaSigningWallet) => {
      const attempt = ++run.current;
      let at: SolanaFailedAt = 'preparing';
      void runSolanaWalletFlow({
        client,
        wallet,
        purpose,
        completeSignIn,
        activity,
        onStep(step) {
          if (attempt !== run.current) return;
          if (step.step === 'failed')
            setState({ step: 'failed', wallet, failure: step.failure, at });
          else if (step.step === 'done') setState({ step: 'done', wallet, address: step.address });
          else {
            at = step.step;
            setState({ step: step.step, wallet });
          }
        },
      });
    },
    [client, purpose, completeSignIn, activity],
  );

  const chooseAnother = useCallback(() => {
    run.current += 1;
    setState({ step: 'choosing' });
  }, []);

  return { state, start, chooseAnother };
}
