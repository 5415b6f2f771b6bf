import { createContext, useContext, useSyncExternalStore } from 'react';
import {
  createSignInActivity,
  type SignInActivity,
  type SignInActivitySnapshot,
} from './sign-in-activity';

export const SignInActivityContext = createContext(createSignInActivity());

/** What the sign-in is doing now (verifying, rate limited). */
export function useSignInActivity(): SignInActivitySnapshot & {
  clearRateLimit(): void;
  clearSuspension(): void;
} {
  const activity = useContext(SignInActivityContext);
  const snapshot = useSyncExternalStore(activity.subscribe, activity.getSnapshot);
  return {
    ...snapshot,
    clearRateLimit: activity.clearRateLimit,
    clearSuspension: activity.clearSuspension,
  };
}

/** The activity itself, for a sign-in flow of the app's own (a Solana wallet's) to report to. */
export function useSignInActivityReporter(): SignInActivity {
  return useContext(SignInActivityContext);
}
