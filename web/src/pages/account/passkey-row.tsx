import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { useFormatter } from '../../format/use-formatter';
import type { PasskeyFieldsFragment } from '../../graphql/generated/graphql';

export type PasskeyRowProps = {
  passkey: PasskeyFieldsFragment;
  /** An action is in flight: the buttons wait. */
  disabled: boolean;
  onRename(name: string): Promise<boolean>;
  onRemove(): void;
};

/** One passkey: its name, where it lives (synced or this device only), its dates; rename, remove. */
export function PasskeyRow({ passkey, disabled, onRename, onRemove }: PasskeyRowProps) {
  const { dateTime: formatDateTime } = useFormatter();
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const id = useId();
  const descriptionId = `${id}-description`;
  const createdAt = formatDateTime(passkey.createdAt);
  const lastUsedAt = passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onRename(name)) setEditing(false);
  };

  return (
    <li className="row" data-testid="passkey-item" data-passkey-id={passkey.id}>
      {editing ? (
        <form className="passkey-rename" onSubmit={(event) => void submit(event)}>
          <div className="field">
            <label htmlFor={`${id}-name`}>
              <Trans>Passkey name</Trans>
            </label>
            <input
              id={`${id}-name`}
              value={name}
              maxLength={64}
              required
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="actions">
            <button type="submit" className="button" disabled={disabled}>
              <Trans>Save</Trans>
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setName(passkey.name);
                setEditing(false);
              }}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : (
        <>
          <div id={descriptionId} className="row-text">
            <p className="row-title">
              <span data-testid="passkey-name">{passkey.name}</span>
              <span className="tag" data-testid="passkey-backed-up">
                {passkey.backedUp ? t`Synced` : t`This device only`}
              </span>
            </p>
            <p className="row-meta">
              {passkey.authenticator ? `${passkey.authenticator} · ` : null}
              {lastUsedAt !== null
                ? t`Added ${createdAt} · last used ${lastUsedAt}`
                : t`Added ${createdAt} · never used yet`}
            </p>
          </div>
          <div className="row-actions">
            <button
              type="button"
              className="button button-secondary"
              aria-describedby={descriptionId}
              disabled={disabled}
              onClick={() => setEditing(true)}
            >
              <Trans>Rename</Trans>
            </button>
            <button
              type="button"
              className="button button-danger"
              aria-describedby={descriptionId}
              disabled={disabled}
              onClick={onRemove}
            >
              <Trans>Remove</Trans>
            </button>
          </div>
        </>
      )}
    </li>
  );
}
