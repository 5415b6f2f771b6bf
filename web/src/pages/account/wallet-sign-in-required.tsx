import { Trans } from '@lingui/react/macro';
import type { SignInAgainOutcome } from '../../auth/sign-in-again-with-wallet';

export type WalletSignInRequiredProps = {
  signingIn: boolean;
  outcome: SignInAgainOutcome | null;
  onSignIn(): void;
  onRetry(): void;
};

/**
 * After WALLET_SIGN_IN_REQUIRED: why (the wallet stays the root of the
 * account; docs/passkeys.md), a button that asks the wallet to sign in
 * again, and once it has, one that tries the refused action again.
 */
export function WalletSignInRequired({
  signingIn,
  outcome,
  onSignIn,
  onRetry,
}: WalletSignInRequiredProps) {
  if (outcome === 'signed-in') {
    return (
      <div className="notice" role="status" data-testid="wallet-sign-in-done">
        <p>
          <Trans>Your wallet signed in again. You can try once more now.</Trans>
        </p>
        <button type="button" className="button" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  return (
    <div className="notice" role="alert" data-testid="wallet-sign-in-required">
      <p>
        <Trans>
          Your wallet is what owns this account, so only a session your wallet signed in to recently
          may add or remove passkeys, or change wallets. Sign in with your wallet again to go on.
        </Trans>
      </p>
      {outcome === 'no-wallet' ? (
        <p>
          <Trans>Connect the account's wallet first, then sign in with it again.</Trans>
        </p>
      ) : null}
      {outcome === 'rejected' ? (
        <p>
          <Trans>You declined the signature in your wallet, so nothing changed.</Trans>
        </p>
      ) : null}
      {outcome === 'failed' ? (
        <p>
          <Trans>The wallet sign-in did not go through. Please try again.</Trans>
        </p>
      ) : null}
      <button
        type="button"
        className="button"
        onClick={onSignIn}
        disabled={signingIn}
        aria-busy={signingIn}
        data-testid="wallet-sign-in-again"
      >
        {signingIn ? (
          <Trans>Waiting for your wallet…</Trans>
        ) : (
          <Trans>Sign in with your wallet again</Trans>
        )}
      </button>
    </div>
  );
}
