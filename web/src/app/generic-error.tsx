import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { GENERIC_ERROR_MESSAGE } from '../auth/sign-in-step-messages';

// The descriptor sits with the sign-in messages (auth/), where the Solana flow reads it too.
export { GENERIC_ERROR_MESSAGE };

/** The generic failure message in the page's language, as a component. */
export function GenericErrorMessage() {
  const { i18n } = useLingui();
  return i18n._(GENERIC_ERROR_MESSAGE);
}

/** The generic failure view; also shown when the app cannot start at all. */
export function GenericError({ onRetry }: { onRetry?: () => void }) {
  return (
    <section className="page error-page" role="alert" aria-labelledby="generic-error-title">
      <h1 id="generic-error-title">
        <GenericErrorMessage />
      </h1>
      <p>
        <Trans>Nothing you did caused this. You can try again or go back to the start.</Trans>
      </p>
      <div className="actions">
        {onRetry ? (
          <button type="button" className="button" onClick={onRetry}>
            <Trans>Try again</Trans>
          </button>
        ) : null}
        {/* A full load: whatever broke starts again from a clean state. */}
        <a className="button button-secondary" href="/">
          <Trans>Back to home</Trans>
        </a>
      </div>
    </section>
  );
}
