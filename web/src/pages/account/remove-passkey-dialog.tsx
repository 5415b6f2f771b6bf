import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { PasskeyFieldsFragment } from '../../graphql/generated/graphql';

export type RemovePasskeyDialogProps = {
  /** The passkey to remove; the dialog is open while it is set. */
  passkey: PasskeyFieldsFragment | null;
  onConfirm(): void;
  onCancel(): void;
};

/**
 * Asks before removing a passkey, as UnlinkWalletDialog asks before
 * unlinking: a native modal dialog, Escape cancels, focus starts on
 * "Cancel", and goes back to the button that asked.
 */
export function RemovePasskeyDialog({ passkey, onConfirm, onCancel }: RemovePasskeyDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const open = passkey !== null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open && opener.current instanceof HTMLElement) {
      opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby="remove-passkey-title"
      aria-describedby="remove-passkey-description"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      data-testid="remove-passkey-dialog"
    >
      {passkey ? (
        <>
          <h2 id="remove-passkey-title">
            <Trans>Remove this passkey?</Trans>
          </h2>
          <div id="remove-passkey-description" className="stack-tight">
            <p>
              <Trans>
                <strong>{passkey.name}</strong> will no longer sign in to this account, and every
                session it opened ends now. The passkey stays on your device until you delete it
                there.
              </Trans>
            </p>
          </div>
          <div className="actions">
            <button type="button" className="button button-danger" onClick={onConfirm}>
              <Trans>Remove passkey</Trans>
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
