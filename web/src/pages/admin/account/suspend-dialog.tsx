import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ConsoleDialog } from '../console-dialog';
import { ConsoleError } from '../console-error';
import { DialogActions } from '../dialog-actions';
import { suspensionEndOf, tomorrowUtc } from './suspension-end';

export type SuspendRequest = { reason: string; until: string | null };

export type SuspendDialogProps = {
  open: boolean;
  /** Who is being suspended, in words (display name or short address). */
  accountLabel: string;
  busy: boolean;
  /** The server's refusal (e.g. suspending yourself); null when none. */
  error: string | null;
  onSubmit(request: SuspendRequest): void;
  onCancel(): void;
};

/** Server limit, docs/administration.md: a reason is one short paragraph. */
const REASON_MAX_LENGTH = 500;

/**
 * Asks for the reason (required: the person sees it when they try to sign in) and
 * an optional last day, before suspending.
 */
export function SuspendDialog({
  open,
  accountLabel,
  busy,
  error,
  onSubmit,
  onCancel,
}: SuspendDialogProps) {
  const { t } = useLingui();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const reasonId = useId();
  const untilId = useId();
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [badDate, setBadDate] = useState(false);

  // Each opening starts empty: a reason typed for another account must not linger.
  useEffect(() => {
    if (!open) return;
    setReason('');
    setUntil('');
    setMissingReason(false);
    setBadDate(false);
  }, [open]);

  const cancel = () => {
    setReason('');
    setUntil('');
    setMissingReason(false);
    setBadDate(false);
    onCancel();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    const end = until === '' ? null : suspensionEndOf(until);
    setMissingReason(trimmed === '');
    setBadDate(until !== '' && (end === null || until < tomorrowUtc()));
    if (trimmed === '') {
      reasonRef.current?.focus();
      return;
    }
    if (until !== '' && (end === null || until < tomorrowUtc())) return;
    onSubmit({ reason: trimmed, until: end });
  };

  return (
    <ConsoleDialog
      open={open}
      title={t`Suspend ${accountLabel}?`}
      onCancel={cancel}
      initialFocus={reasonRef}
      testId="suspend-dialog"
    >
      <form className="stack-tight admin-form" onSubmit={submit} noValidate>
        <p>
          <Trans>
            Every session of this account ends now, its apps lose access, its public profile is
            hidden, and it cannot sign in until the suspension ends.
          </Trans>
        </p>
        <div className="admin-field">
          <label htmlFor={reasonId}>
            <Trans>Reason (required)</Trans>
          </label>
          <textarea
            id={reasonId}
            ref={reasonRef}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim() !== '') setMissingReason(false);
            }}
            maxLength={REASON_MAX_LENGTH}
            rows={3}
            required
            aria-invalid={missingReason || undefined}
            aria-describedby={`${reasonId}-hint`}
          />
          <p
            id={`${reasonId}-hint`}
            className={missingReason ? 'inline-error' : 'muted admin-hint'}
          >
            {missingReason
              ? t`Give a reason: the person sees it when they try to sign in.`
              : t`The person sees it when they try to sign in.`}
          </p>
        </div>
        <div className="admin-field">
          <label htmlFor={untilId}>
            <Trans>Ends on (optional)</Trans>
          </label>
          <input
            id={untilId}
            type="date"
            value={until}
            min={tomorrowUtc()}
            onChange={(event) => setUntil(event.target.value)}
            aria-invalid={badDate || undefined}
            aria-describedby={`${untilId}-hint`}
          />
          <p id={`${untilId}-hint`} className={badDate ? 'inline-error' : 'muted admin-hint'}>
            {badDate
              ? t`Pick a day after today, or leave it empty.`
              : t`It lifts at the start of that day (UTC). Empty: until an administrator lifts it.`}
          </p>
        </div>
        <ConsoleError message={error} />
        <DialogActions
          confirmLabel={t`Suspend account`}
          busyLabel={t`Suspending…`}
          busy={busy}
          danger
          onCancel={cancel}
        />
      </form>
    </ConsoleDialog>
  );
}
