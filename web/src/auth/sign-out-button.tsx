import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useSession } from './session-context';

/** Ends the session on the server; the wallet stays connected, ready to sign in again. */
export function SignOutButton() {
  const { signOut } = useSession();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      className="button button-secondary"
      data-testid="sign-out-button"
      disabled={pending}
      aria-busy={pending}
      onClick={() => {
        setPending(true);
        signOut().finally(() => setPending(false));
      }}
    >
      <Trans>Sign out</Trans>
    </button>
  );
}
