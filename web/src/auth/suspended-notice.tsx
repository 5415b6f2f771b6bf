import { Trans, useLingui } from '@lingui/react/macro';
import { useFormatter } from '../format/use-formatter';
import { describeSuspensionEnd } from './describe-suspension-end';
import { useSignInActivity } from './sign-in-activity-context';

/**
 * RainbowKit's sign-in view can only say "Error verifying signature, please retry!";
 * when the server refused because the account is suspended (ACCOUNT_SUSPENDED, which it
 * says only after the signature proved the wallet is the person's), this notice, above
 * the dialog, says so, why, and until when.
 */
export function SuspendedNotice() {
  const { suspended, clearSuspension } = useSignInActivity();
  const { t } = useLingui();
  const format = useFormatter();
  if (suspended === null) return null;
  const reason = suspended.reason;
  return (
    <div className="floating-notice suspended-notice" role="alert" data-testid="suspended-notice">
      <div className="suspended-notice-text">
        <p>
          <strong>{t`This account is suspended`}</strong>{' '}
          {describeSuspensionEnd(suspended.until, format)}.
        </p>
        {reason ? (
          <p>
            <Trans>Reason: {reason}</Trans>
          </p>
        ) : null}
      </div>
      <button type="button" className="button button-secondary" onClick={clearSuspension}>
        <Trans>Dismiss</Trans>
      </button>
    </div>
  );
}
