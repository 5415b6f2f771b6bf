export const GENERIC_ERROR_MESSAGE = 'Oops, something went wrong!';

/** The generic failure view; also shown when the app cannot start at all. */
export function GenericError({ onRetry }: { onRetry?: () => void }) {
  return (
    <section className="page error-page" role="alert" aria-labelledby="generic-error-title">
      <h1 id="generic-error-title">{GENERIC_ERROR_MESSAGE}</h1>
      <p>Nothing you did caused this. You can try again or go back to the start.</p>
      <div className="actions">
        {onRetry ? (
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
        ) : null}
        {/* A full load: whatever broke starts again from a clean state. */}
        <a className="button button-secondary" href="/">
          Back to home
        </a>
      </div>
    </section>
  );
}
