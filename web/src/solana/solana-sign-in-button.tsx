import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useCallback, useState } from 'react';
import { useSession } from '../auth/session-context';
import { LazySolanaWalletDialog } from './lazy-solana-wallet-dialog';
import { signInFailureMessage } from './sign-in-failure-message';
import { useSolanaEnabled } from './use-solana-enabled';

const solanaLabel = (enabled: boolean | undefined) =>
  enabled === undefined ? undefined : enabled ? 'on' : 'off';

/**
 * "Solana wallet", beside RainbowKit's Connect: opens the Solana wallet
 * picker, whose code loads only now. Shown while nobody is signed in and the
 * server takes Solana sign-ins. A chunk of its own, which the header loads
 * once the wallet stack has painted it (app/app-layout.tsx): nothing of it is
 * in the stack an Ethereum visit waits for. Its slot says in `data-solana`
 * whether the server takes Solana sign-ins, once it has said.
 */
export default function SolanaSignInSlot() {
  const enabled = useSolanaEnabled();
  return (
    // display: contents (styles.css): the button sits in the header row as if the slot were not there.
    <span className="solana-slot" data-solana={solanaLabel(enabled)}>
      <SolanaSignInButton enabled={enabled} />
    </span>
  );
}

function SolanaSignInButton({ enabled }: { enabled: boolean | undefined }) {
  const { t } = useLingui();
  const { status } = useSession();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (!enabled || (status !== 'unauthenticated' && !open)) return null;
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
