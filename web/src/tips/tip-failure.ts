import { t } from '@lingui/core/macro';
import {
  BaseError,
  ChainMismatchError,
  InsufficientFundsError,
  UserRejectedRequestError,
} from 'viem';

/**
 * Why a tip did not go out, each with its own way on:
 * - `rejected`: the person said no in the wallet (try again);
 * - `insufficient-funds`: the balance does not cover the amount and the fee (lower it, or another chain);
 * - `wrong-network`: the wallet is on another chain than the tip (switch network);
 * - `other`: anything else (try again).
 */
export type TipFailure = 'rejected' | 'insufficient-funds' | 'wrong-network' | 'other';

function walks(error: unknown, test: (cause: unknown) => boolean): boolean {
  if (error instanceof BaseError) return error.walk(test) !== null;
  return test(error);
}

/** Reads what the wallet or wagmi threw; wallets word these differently, so codes come first. */
export function classifyTipFailure(error: unknown): TipFailure {
  const codeOf = (cause: unknown) => (cause as { code?: unknown } | null)?.code;
  const messageOf = (cause: unknown) =>
    String((cause as { message?: unknown } | null)?.message ?? '');
  if (
    walks(error, (cause) => cause instanceof UserRejectedRequestError || codeOf(cause) === 4001)
  ) {
    return 'rejected';
  }
  if (
    walks(
      error,
      (cause) =>
        cause instanceof ChainMismatchError ||
        (cause as { name?: unknown } | null)?.name === 'ConnectorChainMismatchError',
    )
  ) {
    return 'wrong-network';
  }
  if (
    walks(
      error,
      (cause) =>
        cause instanceof InsufficientFundsError ||
        /insufficient funds|doesn't have enough funds/i.test(messageOf(cause)),
    )
  ) {
    return 'insufficient-funds';
  }
  return 'other';
}

/** What the page says for each failure. */
export function tipFailureMessage(
  failure: TipFailure,
  currency: string,
  chainName: string,
): string {
  switch (failure) {
    case 'rejected':
      return t`You rejected the tip in your wallet. Nothing was sent.`;
    case 'insufficient-funds':
      return t`Your wallet does not hold enough ${currency} on ${chainName} for this tip and its network fee. Try a smaller amount or another network.`;
    case 'wrong-network':
      return t`Your wallet is on another network. Switch to ${chainName} to send this tip.`;
    case 'other':
      return t`The tip could not be sent. Please try again.`;
  }
}
