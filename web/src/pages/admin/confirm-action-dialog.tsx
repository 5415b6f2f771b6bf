import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef } from 'react';
import { ConsoleDialog } from './console-dialog';
import { ConsoleError } from './console-error';
import { DialogActions } from './dialog-actions';

export type ConfirmActionDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Destructive actions are drawn as such. */
  danger?: boolean;
  busy: boolean;
  /** The server's refusal, shown in the dialog; null when none. */
  error: string | null;
  onConfirm(): void;
  onCancel(): void;
};

/** "Are you sure?" for one administrator action, with the server's answer if it refuses. */
export function ConfirmActionDialog({
  open,
  title,
  children,
  confirmLabel,
  danger = false,
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmActionDialogProps) {
  const { t } = useLingui();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ConsoleDialog open={open} title={title} onCancel={onCancel} initialFocus={cancelRef}>
      <div className="stack-tight">{children}</div>
      <ConsoleError message={error} />
      <DialogActions
        confirmLabel={confirmLabel}
        busyLabel={t`Working…`}
        busy={busy}
        danger={danger}
        onConfirm={onConfirm}
        onCancel={onCancel}
        cancelRef={cancelRef}
      />
    </ConsoleDialog>
  );
}
