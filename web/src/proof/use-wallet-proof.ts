import { useEffect, useState } from 'react';
import { useRuntimeConfig } from '../app/runtime-config-context';
import {
  type PublishedWallet,
  verifyWalletProof,
  type WalletProofResult,
} from './verify-wallet-proof';

export type WalletProofState =
  | { status: 'verifying' }
  | { status: 'done'; result: WalletProofResult }
  | { status: 'error' };

/** The host messages for this deployment name as their domain: the public URL's authority. */
export function expectedDomain(publicUrl: string): string {
  return new URL(publicUrl).host;
}

/** Re-verifies one published wallet's proof in this browser, once per proof. */
export function useWalletProof(wallet: PublishedWallet): WalletProofState {
  const { chains, publicUrl } = useRuntimeConfig();
  const [state, setState] = useState<WalletProofState>({ status: 'verifying' });
  const { message, signature } = wallet.proof;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the proof's text is its identity; a new wallet object with the same proof is the same check.
  useEffect(() => {
    let current = true;
    setState({ status: 'verifying' });
    verifyWalletProof({
      wallet,
      expectedDomain: expectedDomain(publicUrl),
      chains,
      now: new Date(),
    })
      .then((result) => current && setState({ status: 'done', result }))
      .catch(() => current && setState({ status: 'error' }));
    return () => {
      current = false;
    };
  }, [message, signature, publicUrl, chains]);
  return state;
}
