import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useCallback, useState } from 'react';
import { useSession } from '../auth/session-context';
import { LazySolanaWalletDialog } from './lazy-solana-wallet-dialog';
import { signInFailureMessage } from './sign-in-failure-message';

/**
 * "Solana wallet", beside RainbowKit's Connect: opens the Solana wallet
 * picker, whose code loads only now. Shown while nobody is signed in; the
 * header renders it only when the server takes Solana sign-ins.
 */
export function SolanaSignInButton() {
  const { t } = useLingui();
  const { status } = useSession();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (status !== 'unauthenticated' && !open) return null;
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="solana-sign-in"
        aria-label={t`Solana wallet`}
      >
        {/* The short form under 520 px keeps the header on one row (solana-dialog.css). */}
        <span className="solana-narrow">
          <Trans context="the Solana sign-in button, on a phone">Solana</Trans>
        </span>
        <span className="solana-wide">
          <Trans>Solana wallet</Trans>
        </span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LazySolanaWalletDialog
            purpose="sign-in"
            onClose={close}
            describeFailure={signInFailureMessage}
          />
        </Suspense>
      ) : null}
    </>
  );
}
