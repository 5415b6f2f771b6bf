import { Trans } from '@lingui/react/macro';
import { useFormatter } from '../format/use-formatter';
import { readSuspensionEnd } from './describe-suspension-end';
import { useSignInActivity } from './sign-in-activity-context';

/**
 * RainbowKit's sign-in view can only say "Error verifying signature, please retry!";
 * when the server refused because the account is suspended (ACCOUNT_SUSPENDED, which it
 * says only after the signature proved the wallet is the person's), this notice, above
 * the dialog, says so, why, and until when.
 */
export function SuspendedNotice() {
  const { suspended, clearSuspension } = useSignInActivity();
  if (suspended === null) return null;
  const reason = suspended.reason;
  return (
    <div className="floating-notice suspended-notice" role="alert" data-testid="suspended-notice">
      <div className="suspended-notice-text">
        <p>
          <SuspensionSentence until={suspended.until} />
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

/**
 * "This account is suspended until Dec 3, 2026.": one whole sentence for each kind of
 * end, so a translation orders its words and ends it as its language does (no "." after
 * a translated part).
 */
function SuspensionSentence({ until }: { until: string | null | undefined }) {
  const end = readSuspensionEnd(until, useFormatter());
  switch (end.kind) {
    case 'lifted':
      return (
        <Trans>
          <strong>This account is suspended</strong> until an administrator lifts it.
        </Trans>
      );
    case 'as-given': {
      const text = end.text;
      return (
        <Trans>
          <strong>This account is suspended</strong> until {text}.
        </Trans>
      );
    }
    case 'day': {
      const day = end.day;
      return (
        <Trans>
          <strong>This account is suspended</strong> until {day}.
        </Trans>
      );
    }
    case 'day-and-hour': {
      const { day, hour } = end;
      return (
        <Trans>
          <strong>This account is suspended</strong> until {day}, {hour} UTC.
        </Trans>
      );
    }
  }
}
