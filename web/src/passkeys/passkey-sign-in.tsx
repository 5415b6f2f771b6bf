import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import { passkeyFailureMessage } from './passkey-failure-message';
import { PasskeySignInLabel } from './passkey-sign-in-label';
import { usePasskeyAutofillAvailable } from './use-passkey-autofill-available';
import { usePasskeySignIn } from './use-passkey-sign-in';

export type PasskeySignInProps = {
  /**
   * Also offer the browser's passkey autofill, in a field, where the browser
   * has it. Not on the home page: the field would appear after the first
   * paint and move the page (docs/web-app.md, "Passkeys").
   */
  autofill?: boolean;
  /** Start at once: the person pressed the first paint's button before the app had loaded. */
  startAtOnce?: boolean;
};

/**
 * "Sign in with a passkey", beside the wallet's way in: the browser's
 * passkey prompt, then the app is signed in as after a wallet's sign-in.
 * A failure is said in words under the button.
 */
export function PasskeySignIn({ autofill = false, startAtOnce = false }: PasskeySignInProps) {
  const { state, start, startAutofill } = usePasskeySignIn();
  const autofillAvailable = usePasskeyAutofillAvailable() && autofill;
  const { t, i18n } = useLingui();
  const fieldId = useId();

  // The field is in the page before the wait starts: the library checks that it is.
  useEffect(() => {
    if (!autofillAvailable) return;
    let current = true;
    // A refused pick is shown and the field waits for the next one, a few times: a browser
    // that picks by itself (an automated one) must not ask the server without end.
    const wait = async () => {
      for (let picks = 0; current && picks < 3 && (await startAutofill()); picks += 1) {}
    };
    void wait();
    return () => {
      current = false;
    };
  }, [autofillAvailable, startAutofill]);

  // Once, on mount: the click it stands for happened once.
  const startedAtOnce = useRef(false);
  useEffect(() => {
    if (!startAtOnce || startedAtOnce.current) return;
    startedAtOnce.current = true;
    void start();
  }, [startAtOnce, start]);

  const onClick = () => {
    void start().then(() => {
      // The button's prompt aborted the autofill's wait: wait again.
      if (autofillAvailable) void startAutofill();
    });
  };

  return (
    <div className="passkey-sign-in">
      {autofillAvailable ? (
        <div className="field passkey-autofill">
          <label htmlFor={fieldId}>
            <Trans>Passkey</Trans>
          </label>
          <input
            id={fieldId}
            type="text"
            name="passkey"
            autoComplete="username webauthn"
            placeholder={t`Choose a passkey saved in this browser`}
            data-testid="passkey-autofill"
          />
        </div>
      ) : null}
      <button
        type="button"
        className="button button-secondary"
        onClick={onClick}
        disabled={state.step === 'signing-in'}
        aria-busy={state.step === 'signing-in'}
        data-testid="passkey-sign-in"
      >
        {state.step === 'signing-in' ? t`Waiting for your passkey…` : <PasskeySignInLabel />}
      </button>
      {state.step === 'failed' ? (
        <p className="inline-error" role="alert" data-testid="passkey-sign-in-error">
          {passkeyFailureMessage(state.failure, i18n)}
        </p>
      ) : null}
    </div>
  );
}
