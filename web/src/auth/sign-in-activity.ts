import type { Suspension } from './read-suspension';

/**
 * What the sign-in is doing beyond what RainbowKit's view shows: whether a
 * signature is being verified (the status chip says "Signing in…"), and when
 * the server last refused for too many attempts, with when to try again.
 * RainbowKit's view only shows its fixed step messages, so this is how the
 * app can tell the person how long to wait.
 */
export type SignInActivitySnapshot = {
  verifying: boolean;
  /** `Date.now()` (this device's clock) after which a new attempt may pass; null when not limited. */
  retryAfter: number | null;
  /** The server refused the sign-in with ACCOUNT_SUSPENDED: why, and until when; null otherwise. */
  suspended: Suspension | null;
};

export type SignInActivity = {
  getSnapshot(): SignInActivitySnapshot;
  subscribe(listener: () => void): () => void;
  setVerifying(verifying: boolean): void;
  /** The server answered RATE_LIMITED with this wait. */
  rateLimited(retryAfterSeconds: number): void;
  /** The wait is over, or an attempt succeeded. */
  clearRateLimit(): void;
  /** The server answered ACCOUNT_SUSPENDED. */
  accountSuspended(suspension: Suspension): void;
  /** The person dismissed the notice, or an attempt succeeded. */
  clearSuspension(): void;
};

export type CreateSignInActivityParameters = {
  /** @default Date.now */
  now?: () => number;
};

export function createSignInActivity({
  now = Date.now,
}: CreateSignInActivityParameters = {}): SignInActivity {
  let snapshot: SignInActivitySnapshot = { verifying: false, retryAfter: null, suspended: null };
  const listeners = new Set<() => void>();
  const update = (next: Partial<SignInActivitySnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setVerifying(verifying) {
      if (snapshot.verifying !== verifying) update({ verifying });
    },
    // A relative wait, so this device's clock being off does not matter.
    rateLimited: (retryAfterSeconds) => update({ retryAfter: now() + retryAfterSeconds * 1000 }),
    clearRateLimit() {
      if (snapshot.retryAfter !== null) update({ retryAfter: null });
    },
    accountSuspended: (suspended) => update({ suspended }),
    clearSuspension() {
      if (snapshot.suspended !== null) update({ suspended: null });
    },
  };
}
