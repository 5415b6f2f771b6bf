import { useEffect, useState } from 'react';
import { useRuntimeConfig } from '../app/runtime-config-context';
import { whenIdle } from '../app/when-idle';
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

/** Re-verifies one published wallet's proof in this browser, once per proof, once the page is idle. */
export function useWalletProof(wallet: PublishedWallet): WalletProofState {
  const { chains, publicUrl } = useRuntimeConfig();
  const [state, setState] = useState<WalletProofState>({ status: 'verifying' });
  const { message, signature } = wallet.proof;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the proof's text is its identity; a new wallet object with the same proof is the same check.
  useEffect(() => {
    let current = true;
    setState({ status: 'verifying' });
    // Once the page is idle: the proofs are below the fold, and checking a signature (the curve's
    // tables, a chain's answer) must not hold up the page's first moments (docs/web-app.md,
    // "First-visit delivery"). The card says "Verifying…" meanwhile, as it does while it checks.
    const cancel = whenIdle(
      () => {
        verifyWalletProof({
          wallet,
          expectedDomain: expectedDomain(publicUrl),
          chains,
          now: new Date(),
        })
          .then((result) => current && setState({ status: 'done', result }))
          .catch(() => current && setState({ status: 'error' }));
      },
      { fallbackMs: 0 },
    );
    return () => {
      current = false;
      cancel();
    };
  }, [message, signature, publicUrl, chains]);
  return state;
}
