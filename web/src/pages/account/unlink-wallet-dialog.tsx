import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { WalletFieldsFragment } from '../../graphql/generated/graphql';

export type UnlinkWalletDialogProps = {
  /** The wallet to unlink; the dialog is open while it is set. */
  wallet: WalletFieldsFragment | null;
  /** How many live sessions it started, and whether this tab's is one of them. */
  sessions: { count: number; includesThisOne: boolean };
  onConfirm(): void;
  onCancel(): void;
};

/**
 * Asks before unlinking. A native modal dialog: the rest of the page is inert
 * while it is open, Escape cancels, and focus starts on "Cancel", the
 * harmless choice. Whoever opened it gets focus back when it closes.
 */
export function UnlinkWalletDialog({
  wallet,
  sessions,
  onConfirm,
  onCancel,
}: UnlinkWalletDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const open = wallet !== null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      // The harmless choice first (showModal alone would focus the first button, "Unlink wallet").
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open && opener.current instanceof HTMLElement) {
      // Back to the button that asked (after an unlink, the section moves focus on once it is done).
      opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  const { t } = useLingui();
  let consequence = t`It has no open sessions.`;
  if (sessions.count > 0) {
    consequence = sessions.includesThisOne
      ? plural(sessions.count, {
          one: 'Every session it started ends now (# open, including this one: you will be signed out here).',
          other:
            'Every session it started ends now (# open, including this one: you will be signed out here).',
        })
      : plural(sessions.count, {
          one: 'Every session it started ends now (# open).',
          other: 'Every session it started ends now (# open).',
        });
  }
  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby="unlink-title"
      aria-describedby="unlink-description"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      data-testid="unlink-dialog"
    >
      {wallet ? (
        <>
          <h2 id="unlink-title">
            <Trans>Unlink this wallet?</Trans>
          </h2>
          <div id="unlink-description" className="stack-tight">
            <p>
              <Trans>
                <code className="address">{wallet.address}</code> will no longer sign in to this
                account; signing in with it afterwards opens an account of its own.
              </Trans>
            </p>
            <p>{consequence}</p>
          </div>
          <div className="actions">
            <button type="button" className="button button-danger" onClick={onConfirm}>
              <Trans>Unlink wallet</Trans>
            </button>
            <button
              type="button"
              className="button button-secondary"
              ref={cancelRef}
              onClick={onCancel}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
