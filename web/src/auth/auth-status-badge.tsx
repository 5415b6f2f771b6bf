import type { AuthStatus } from './auth-status';

/** Each state in the words a person uses; `data-status` keeps the state's name for tests. */
export const authStatusLabel: Record<AuthStatus, string> = {
  loading: 'Checking…',
  authenticated: 'Signed in',
  unauthenticated: 'Not signed in',
};

const descriptions: Record<AuthStatus, string> = {
  loading: 'Asking the server who is signed in',
  authenticated: 'Signed in',
  unauthenticated: 'Not signed in',
};

export type AuthStatusBadgeProps = {
  status: AuthStatus;
  /** The server is verifying a signature: "Signing in…" until it answers. */
  signingIn?: boolean;
};

/** The session state as the server reports it, next to the wallet's. */
export function AuthStatusBadge({ status, signingIn = false }: AuthStatusBadgeProps) {
  const showSigningIn = signingIn && status !== 'authenticated';
  return (
    <p
      className="status-chip"
      data-state={showSigningIn ? 'signing-in' : status}
      title={showSigningIn ? 'Verifying your signature' : descriptions[status]}
    >
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">Session</span>{' '}
      <span data-testid="auth-status" data-status={status} aria-live="polite">
        {showSigningIn ? 'Signing in…' : authStatusLabel[status]}
      </span>
    </p>
  );
}
