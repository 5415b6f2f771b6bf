import { Trans } from '@lingui/react/macro';

/**
 * The words of the passkey sign-in button, shared by the first paint's
 * button and the app's, so both are the same box (docs/web-app.md,
 * "First-visit delivery").
 */
export function PasskeySignInLabel() {
  return <Trans>Sign in with a passkey</Trans>;
}
