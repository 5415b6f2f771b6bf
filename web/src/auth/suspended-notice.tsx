import { describeSuspensionEnd } from './describe-suspension-end';
import { useSignInActivity } from './sign-in-activity-context';

export const SUSPENDED_HEADING = 'This account is suspended';

/**
 * RainbowKit's sign-in view can only say "Error verifying signature, please retry!";
 * when the server refused because the account is suspended (ACCOUNT_SUSPENDED, which it
 * says only after the signature proved the wallet is the person's), this notice, above
 * the dialog, says so, why, and until when.
 */
export function SuspendedNotice() {
  const { suspended, clearSuspension } = useSignInActivity();
  if (suspended === null) return null;
  return (
    <div className="floating-notice suspended-notice" role="alert" data-testid="suspended-notice">
      <div className="suspended-notice-text">
        <p>
          <strong>{SUSPENDED_HEADING}</strong> {describeSuspensionEnd(suspended.until)}.
        </p>
        {suspended.reason ? <p>Reason: {suspended.reason}</p> : null}
      </div>
      <button type="button" className="button button-secondary" onClick={clearSuspension}>
        Dismiss
      </button>
    </div>
  );
}
