import { i18n } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import { Suspense, useCallback, useState } from 'react';
import { GENERIC_ERROR_MESSAGE } from '../../app/generic-error';
import { useRuntimeConfig } from '../../app/runtime-config-context';
import { describeWait } from '../../components/describe-wait';
import { LazySolanaWalletDialog } from '../../solana/lazy-solana-wallet-dialog';
import type { SolanaFailure } from '../../solana/run-solana-wallet-flow';
import { LINK_RATE_LIMIT_MESSAGE, linkFailureMessage } from './link-failure-message';

/** A Solana link's failure in the same words as an Ethereum link's (link-wallet-panel.tsx). */
function describeLinkFailure(failure: SolanaFailure): string {
  if (failure.kind === 'unexpected') return i18n._(GENERIC_ERROR_MESSAGE);
  if (failure.kind === 'rate-limited') {
    return `${i18n._(LINK_RATE_LIMIT_MESSAGE)} ${describeWait(failure.retryAfterSeconds)}`;
  }
  return linkFailureMessage[failure.kind];
}

/**
 * "Link a Solana wallet": the Solana wallet picker, for a link. The wallet
 * signs the account's link statement as an Ethereum one does; the session
 * does not depend on it (no Ethereum wallet changes), so no link flow of the
 * session is opened.
 */
export function LinkSolanaWalletButton() {
  const enabled = useRuntimeConfig().solanaSignIn;
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (!enabled) return null;
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="link-solana-wallet"
      >
        <Trans>Link a Solana wallet</Trans>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LazySolanaWalletDialog
            purpose="link"
            onClose={close}
            describeFailure={describeLinkFailure}
          />
        </Suspense>
      ) : null}
    </>
  );
}
