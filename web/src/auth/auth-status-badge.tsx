import type { AuthStatus } from './auth-status';

const descriptions: Record<AuthStatus, string> = {
  loading: 'Asking the server who is signed in',
  authenticated: 'Signed in',
  unauthenticated: 'Not signed in',
};

/** The session state as the server reports it, next to the wallet's. */
export function AuthStatusBadge({ status }: { status: AuthStatus }) {
  return (
    <p className="status-chip" data-state={status} title={descriptions[status]}>
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">Session</span>{' '}
      <span data-testid="auth-status" aria-live="polite">
        {status}
      </span>
    </p>
  );
}
