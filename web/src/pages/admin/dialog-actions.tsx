import { Trans } from '@lingui/react/macro';
import type { RefObject } from 'react';

export type DialogActionsProps = {
  /** What the confirming button says, e.g. "Grant role". */
  confirmLabel: string;
  /** What it says while the server works, e.g. "Granting…". */
  busyLabel: string;
  busy: boolean;
  /** Destructive actions are drawn as such. */
  danger?: boolean;
  /** Without it the confirming button submits the dialog's form. */
  onConfirm?: () => void;
  onCancel(): void;
  /** Where the dialog puts its first focus, when that is Cancel. */
  cancelRef?: RefObject<HTMLButtonElement | null>;
};

/** A console dialog's two buttons: the action (disabled while it runs) and Cancel. */
export function DialogActions({
  confirmLabel,
  busyLabel,
  busy,
  danger = false,
  onConfirm,
  onCancel,
  cancelRef,
}: DialogActionsProps) {
  return (
    <div className="actions">
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={danger ? 'button button-danger' : 'button'}
        onClick={onConfirm}
        disabled={busy}
      >
        {busy ? busyLabel : confirmLabel}
      </button>
      <button type="button" className="button button-secondary" ref={cancelRef} onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
    </div>
  );
}
