import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { AuthStatus } from './auth-status';

/** Each state in the words a person uses; `data-status` keeps the state's name for tests. */
export const authStatusLabel: Record<AuthStatus, MessageDescriptor> = {
  loading: msg`Checking…`,
  authenticated: msg`Signed in`,
  unauthenticated: msg`Not signed in`,
};

const descriptions: Record<AuthStatus, MessageDescriptor> = {
  loading: msg`Asking the server who is signed in`,
  authenticated: msg`Signed in`,
  unauthenticated: msg`Not signed in`,
};

export type AuthStatusBadgeProps = {
  status: AuthStatus;
  /** The server is verifying a signature: "Signing in…" until it answers. */
  signingIn?: boolean;
};

/** The session state as the server reports it, next to the wallet's. */
export function AuthStatusBadge({ status, signingIn = false }: AuthStatusBadgeProps) {
  const showSigningIn = signingIn && status !== 'authenticated';
  const { t, i18n } = useLingui();
  return (
    <p
      className="status-chip"
      data-state={showSigningIn ? 'signing-in' : status}
      title={showSigningIn ? t`Verifying your signature` : i18n._(descriptions[status])}
    >
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">{t`Session`}</span>{' '}
      <span data-testid="auth-status" data-status={status} aria-live="polite">
        {showSigningIn ? t`Signing in…` : i18n._(authStatusLabel[status])}
      </span>
    </p>
  );
}
