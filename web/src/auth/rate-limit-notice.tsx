import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { describeWait } from '../components/describe-wait';
import { useSecondsLeft } from '../components/use-seconds-left';
import { useSignInActivity } from './sign-in-activity-context';

export const RATE_LIMIT_MESSAGE = msg`Too many sign-in attempts from this connection.`;

/**
 * RainbowKit's sign-in view can only say "Error verifying signature, please
 * retry!"; when the reason is the server's rate limit, this line, shown above
 * the dialog, says how long to wait. It goes away when the wait is over.
 */
export function RateLimitNotice() {
  const { retryAfter, clearRateLimit } = useSignInActivity();
  const seconds = useSecondsLeft(retryAfter);
  const { i18n } = useLingui();
  if (retryAfter === null || seconds === 0) return null;
  return (
    <div className="floating-notice" role="status" data-testid="rate-limit-notice">
      <p>
        {i18n._(RATE_LIMIT_MESSAGE)} {describeWait(seconds)}
      </p>
      <button type="button" className="button button-secondary" onClick={clearRateLimit}>
        <Trans>Dismiss</Trans>
      </button>
    </div>
  );
}
