import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import './solana-dialog.css';
import type { SolanaFailure } from './run-solana-wallet-flow';
import type { SolanaSigningWallet } from './solana-wallet-features';
import { type SolanaFailedAt, useSolanaWalletFlow } from './use-solana-wallet-flow';
import { useSolanaWallets } from './use-solana-wallets';

export type SolanaWalletDialogProps = {
  purpose: 'sign-in' | 'link';
  /** Escape, Close, or a finished sign-in. */
  onClose(): void;
  /** What the person reads when an attempt fails. */
  describeFailure(failure: SolanaFailure, at: SolanaFailedAt): string;
};

const STEP_TEXT = {
  // RainbowKit's words for the same steps, so both sign-ins read alike.
  preparing: msg({
    message: 'Preparing message...',
    comment:
      "RainbowKit's own words in this locale (its sign_in.message.preparing): the Solana and Ethereum sign-ins must agree",
  }),
  signing: msg({
    message: 'Waiting for signature...',
    comment:
      "RainbowKit's own words in this locale (its sign_in.signature.waiting): the Solana and Ethereum sign-ins must agree",
  }),
  verifying: msg({
    message: 'Verifying signature...',
    comment:
      "RainbowKit's own words in this locale (its sign_in.signature.verifying): the Solana and Ethereum sign-ins must agree",
  }),
} as const;

const TITLE = {
  'sign-in': msg`Sign in with a Solana wallet`,
  link: msg`Link a Solana wallet`,
} as const;

/**
 * The Solana wallet picker: a native modal `<dialog>` (the page behind is
 * inert, Tab stays inside, Escape closes, focus returns to the opener) that
 * lists the Wallet Standard wallets able to sign in, then shows the attempt's
 * steps, its failure with a retry, or its success. Its own chunk: loaded
 * only when someone asks for it (docs/web-app.md, "Solana wallets").
 */
export default function SolanaWalletDialog({
  purpose,
  onClose,
  describeFailure,
}: SolanaWalletDialogProps) {
  // Renders again when the language changes, so every word below follows it.
  const { t, i18n } = useLingui();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const wallets = useSolanaWallets();
  const { state, start, chooseAnother } = useSolanaWalletFlow(purpose);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement;
    dialog.showModal();
    headingRef.current?.focus();
    return () => {
      dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  // A sign-in is over once the session has it: the header then says "Signed in".
  useEffect(() => {
    if (purpose === 'sign-in' && state.step === 'done') onClose();
  }, [purpose, state.step, onClose]);

  const busy = state.step === 'preparing' || state.step === 'signing' || state.step === 'verifying';
  const chosen = state.step === 'choosing' ? null : state.wallet;
  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog solana-dialog"
      aria-labelledby={titleId}
      data-testid="solana-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        {i18n._(TITLE[purpose])}
      </h2>
      {state.step === 'choosing' ? (
        <WalletList wallets={wallets} onChoose={start} />
      ) : (
        <p className="solana-chosen">
          <WalletIcon wallet={state.wallet} /> {state.wallet.name}
        </p>
      )}
      <div role="status" aria-live="polite" className="solana-status" data-step={state.step}>
        {busy ? <p aria-busy="true">{i18n._(STEP_TEXT[state.step])}</p> : null}
        {state.step === 'done' && purpose === 'link' ? (
          <p className="link-success" data-testid="solana-link-success">
            <Trans>
              Linked <code className="address">{state.address}</code>. It now signs you in to this
              account too.
            </Trans>
          </p>
        ) : null}
      </div>
      {state.step === 'failed' ? (
        <p className="inline-error" role="alert" data-testid="solana-error">
          {describeFailure(state.failure, state.at)}
        </p>
      ) : null}
      <div className="actions">
        {state.step === 'failed' && chosen ? (
          <button type="button" className="button" onClick={() => start(chosen)}>
            <Trans>Try again</Trans>
          </button>
        ) : null}
        {state.step === 'failed' ? (
          <button type="button" className="button button-secondary" onClick={chooseAnother}>
            <Trans>Choose another wallet</Trans>
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onClose}>
          {state.step === 'done' ? t`Done` : t`Close`}
        </button>
      </div>
    </dialog>
  );
}

function WalletList({
  wallets,
  onChoose,
}: {
  wallets: SolanaSigningWallet[];
  onChoose(wallet: SolanaSigningWallet): void;
}) {
  const { t } = useLingui();
  if (wallets.length === 0) {
    return (
      <p data-testid="solana-no-wallet">
        <Trans>
          No Solana wallet is installed in this browser, or none is available to this page. Install
          or enable a wallet that supports the Solana Wallet Standard (Phantom, Solflare, Backpack):
          it appears here as soon as it is ready.
        </Trans>
      </p>
    );
  }
  return (
    <>
      <p>
        <Trans>
          Choose your wallet. It will ask you to sign a message: that costs nothing and sends no
          transaction.
        </Trans>
      </p>
      <ul className="solana-wallets" aria-label={t`Solana wallets`}>
        {wallets.map((wallet) => (
          <li key={wallet.name}>
            <button type="button" className="solana-wallet" onClick={() => onChoose(wallet)}>
              <WalletIcon wallet={wallet} />
              {wallet.name}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function WalletIcon({ wallet }: { wallet: SolanaSigningWallet }) {
  // The wallet's name is beside it: the picture says nothing more.
  return <img className="solana-wallet-icon" src={wallet.icon} alt="" width={28} height={28} />;
}
