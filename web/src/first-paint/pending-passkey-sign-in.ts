import { observableValue } from './observable-value';

/**
 * A click on "Sign in with a passkey" that came before the app had loaded:
 * the first paint records it here, and the home page's button starts the
 * sign-in as soon as it exists, so the click is not lost (as for Connect,
 * pending-connect.ts). Nothing of WebAuthn is in the first paint: only this flag.
 */
const pending = observableValue(false);

/** Records a click that must start a passkey sign-in once the app is up. */
export function requestPasskeySignIn() {
  pending.set(true);
}

/** Whether a click was waiting, once: false after that. */
export function takePendingPasskeySignIn(): boolean {
  const taken = pending.get();
  pending.set(false);
  return taken;
}
