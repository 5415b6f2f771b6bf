/**
 * A click on Connect (or "Get started") that came before the wallet stack
 * had loaded. The first-paint placeholders record it here; once RainbowKit is
 * up, OpenPendingConnect opens the sign-in dialog for it, so the first click
 * after load is never lost (docs/web-app.md, "First-visit delivery").
 */
let pending = false;
const listeners = new Set<() => void>();

/** Records a click that must open the connect dialog as soon as it exists. */
export function requestConnect() {
  pending = true;
  for (const listener of listeners) listener();
}

/** True once, for the click that was waiting; false after that. */
export function takePendingConnect(): boolean {
  const was = pending;
  pending = false;
  return was;
}

/** Calls `listener` at each new request; returns the unsubscribe function. */
export function onConnectRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
