/**
 * A click on "Sign in with a passkey" that came before the app had loaded:
 * the first paint records it here, and the home page's button starts the
 * sign-in as soon as it exists, so the click is not lost (as for Connect,
 * first-paint/pending-connect.ts). Nothing of WebAuthn is in the first
 * paint: only this flag, read once, so no listener is needed.
 */
let pending = false;

/** Records a click that must start a passkey sign-in once the app is up. */
export function requestPasskeySignIn() {
  pending = true;
}

/** Whether a click was waiting, once: false after that. */
export function takePendingPasskeySignIn(): boolean {
  const taken = pending;
  pending = false;
  return taken;
}
