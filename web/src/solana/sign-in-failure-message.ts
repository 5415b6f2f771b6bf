import { i18n } from '@lingui/core';
import { GENERIC_ERROR_MESSAGE, SIGN_IN_STEP_MESSAGES } from '../auth/sign-in-step-messages';
import type { SolanaFailure } from './run-solana-wallet-flow';
import type { SolanaFailedAt } from './use-solana-wallet-flow';

/**
 * A Solana sign-in's failure in the words of the Ethereum sign-in's steps
 * (docs/sign-in.md, "The messages"), exactly: what failed is the step, as
 * RainbowKit's view says it. A refusal in the wallet is a signing failure
 * there too; a wait or a suspension is told by the notices beside it. The
 * same descriptors as the Ethereum flow's, read in the page's language.
 */
export function signInFailureMessage(failure: SolanaFailure, at: SolanaFailedAt): string {
  if (failure.kind === 'unexpected') return i18n._(GENERIC_ERROR_MESSAGE);
  return i18n._(SIGN_IN_STEP_MESSAGES[at]);
}
