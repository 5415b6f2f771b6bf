import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { passkeyFailureMessage } from '../../passkeys/passkey-failure-message';
import { PasskeyRow } from './passkey-row';
import { RemovePasskeyDialog } from './remove-passkey-dialog';
import { suggestPasskeyName } from './suggest-passkey-name';
import { usePasskeys } from './use-passkeys';
import { WalletSignInRequired } from './wallet-sign-in-required';

/**
 * The account's passkeys: a second way in, for a device without the wallet
 * (docs/passkeys.md). Listed newest first with where each lives (synced by
 * its provider, or on this device only) and when it was last used; added
 * through the browser's prompt under a name the form suggests; renamed;
 * removed after a confirmation, which ends the sessions it opened.
 */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const { t, i18n } = useLingui();
  const [name, setName] = useState(suggestPasskeyName);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await passkeys.add(name)) setName(suggestPasskeyName());
  };

  const failure = passkeys.failure?.failure;
  return (
    <section className="card" aria-labelledby="passkeys-title" data-testid="passkeys-section">
      <h2 id="passkeys-title">
        <Trans>Passkeys</Trans>
      </h2>
      <p className="muted">
        <Trans>
          A passkey signs you in to this account on a device without your wallet, with your
          fingerprint, face or screen lock. It cannot change your wallets: those stay with the
          wallet.
        </Trans>
      </p>
      {failure?.kind === 'wallet-sign-in-required' ? (
        <WalletSignInRequired
          signingIn={passkeys.signingInAgain}
          outcome={passkeys.signInAgainOutcome}
          onSignIn={() => void passkeys.signInAgain()}
          onRetry={() => void passkeys.retry()}
        />
      ) : null}
      {failure && failure.kind !== 'wallet-sign-in-required' ? (
        <p className="inline-error" role="alert" data-testid="passkey-error">
          {passkeyFailureMessage(failure, i18n)}
        </p>
      ) : null}
      {passkeys.loaded && passkeys.passkeys.length === 0 ? (
        <p className="muted" data-testid="no-passkeys">
          <Trans>No passkey yet.</Trans>
        </p>
      ) : null}
      <ul className="rows" data-testid="passkeys-list">
        {passkeys.passkeys.map((passkey) => (
          <PasskeyRow
            key={passkey.id}
            passkey={passkey}
            disabled={passkeys.busy !== null}
            onRename={(newName) => passkeys.rename(passkey.id, newName)}
            onRemove={() => passkeys.askToRemove(passkey)}
          />
        ))}
      </ul>
      <form className="passkey-add" onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor="passkey-name">
            <Trans>Name of the new passkey</Trans>
          </label>
          <input
            id="passkey-name"
            value={name}
            maxLength={64}
            placeholder={t`The authenticator's name`}
            onChange={(event) => setName(event.target.value)}
            data-testid="passkey-name-input"
          />
        </div>
        <button
          type="submit"
          className="button"
          disabled={passkeys.busy !== null}
          aria-busy={passkeys.busy === 'add'}
          data-testid="add-passkey"
        >
          {passkeys.busy === 'add' ? t`Waiting for your passkey…` : t`Add a passkey`}
        </button>
      </form>
      <RemovePasskeyDialog
        passkey={passkeys.confirming}
        onConfirm={() => void passkeys.confirmRemove()}
        onCancel={passkeys.cancelRemove}
      />
    </section>
  );
}
