import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ConsoleDialog } from '../console-dialog';
import { ConsoleError } from '../console-error';
import { DialogActions } from '../dialog-actions';

export type GrantRoleDialogProps = {
  open: boolean;
  busy: boolean;
  error: string | null;
  onSubmit(role: string): void;
  onCancel(): void;
};

/** docs/access.md: a role is lower-case letters, digits and dashes, at most 32 characters. */
const ROLE_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** Asks for the name of the role to grant. */
export function GrantRoleDialog({ open, busy, error, onSubmit, onCancel }: GrantRoleDialogProps) {
  const { t } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [role, setRole] = useState('');
  const [invalid, setInvalid] = useState(false);

  // Each opening starts empty: a reason typed for another account must not linger.
  useEffect(() => {
    if (!open) return;
    setRole('');
    setInvalid(false);
  }, [open]);

  const cancel = () => {
    setRole('');
    setInvalid(false);
    onCancel();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = role.trim();
    const valid = ROLE_PATTERN.test(name);
    setInvalid(!valid);
    if (!valid) {
      inputRef.current?.focus();
      return;
    }
    onSubmit(name);
  };

  return (
    <ConsoleDialog
      open={open}
      title={t`Grant a role`}
      onCancel={cancel}
      initialFocus={inputRef}
      testId="grant-role-dialog"
    >
      <form className="stack-tight admin-form" onSubmit={submit} noValidate>
        <p>
          <Trans>
            The role stays until an administrator revokes it, whatever the access rules say.
          </Trans>
        </p>
        <div className="admin-field">
          <label htmlFor={inputId}>
            <Trans>Role</Trans>
          </label>
          <input
            id={inputId}
            ref={inputRef}
            value={role}
            onChange={(event) => {
              setRole(event.target.value);
              setInvalid(false);
            }}
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            aria-invalid={invalid || undefined}
            aria-describedby={`${inputId}-hint`}
          />
          <p id={`${inputId}-hint`} className={invalid ? 'inline-error' : 'muted admin-hint'}>
            <Trans>
              Lower-case letters, digits and dashes, e.g. <code>moderator</code> or{' '}
              <code>admin</code>.
            </Trans>
          </p>
        </div>
        <ConsoleError message={error} />
        <DialogActions
          confirmLabel={t`Grant role`}
          busyLabel={t`Granting…`}
          busy={busy}
          onCancel={cancel}
        />
      </form>
    </ConsoleDialog>
  );
}
