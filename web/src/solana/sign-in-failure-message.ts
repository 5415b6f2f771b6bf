import type { SolanaFailure } from './run-solana-wallet-flow';
import type { SolanaFailedAt } from './use-solana-wallet-flow';

/**
 * A Solana sign-in's failure in the words of the Ethereum sign-in's steps
 * (docs/sign-in.md, "The messages"), exactly: what failed is the step, as
 * RainbowKit's view says it. A refusal in the wallet is a signing failure
 * there too; a wait or a suspension is told by the notices beside it.
 */
export function signInFailureMessage(failure: SolanaFailure, at: SolanaFailedAt): string {
  if (failure.kind === 'unexpected') return 'Oops, something went wrong!';
  switch (at) {
    case 'preparing':
      return 'Error preparing message, please retry!';
    case 'signing':
      return 'Error signing message, please retry!';
    case 'verifying':
      return 'Error verifying signature, please retry!';
  }
}
