import { useApolloClient } from '@apollo/client';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { SessionActionsContext } from '../auth/session-actions-context';
import { useSignInActivityReporter } from '../auth/sign-in-activity-context';
import type { PasskeyFailure } from './passkey-failure';
import { runPasskeySignIn } from './run-passkey-sign-in';

export type PasskeySignInState =
  | { step: 'idle' }
  | { step: 'signing-in' }
  | { step: 'failed'; failure: PasskeyFailure };

export type PasskeySignIn = {
  state: PasskeySignInState;
  /** Starts a sign-in through the browser's passkey prompt; resolves when it has ended. */
  start(): Promise<void>;
  /**
   * Waits for a passkey picked in a field's autofill suggestions; resolves
   * with whether to wait again: after a passkey the person picked was
   * refused (shown), not after the wait was aborted (by `start`) or could
   * not begin (a refusal to begin, shown or not, would only repeat).
   */
  startAutofill(): Promise<boolean>;
};

/** "Sign in with a passkey" as React state: the button's and the autofill's. */
export function usePasskeySignIn(): PasskeySignIn {
  const client = useApolloClient();
  // Read at sign-in, not at render: pages render the button (in their tests) without the
  // sign-in's providers around them.
  const sessionActions = useContext(SessionActionsContext);
  const activity = useSignInActivityReporter();
  const [state, setState] = useState<PasskeySignInState>({ step: 'idle' });
  // Only the latest attempt reports: the browser aborts the one before when another starts.
  const run = useRef(0);
  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );

  const start = useCallback(async () => {
    const attempt = ++run.current;
    setState({ step: 'signing-in' });
    if (!sessionActions) return setState({ step: 'failed', failure: { kind: 'other' } });
    const { completeSignIn } = sessionActions;
    const outcome = await runPasskeySignIn({ client, completeSignIn, activity });
    if (attempt !== run.current) return;
    setState(outcome.ok ? { step: 'idle' } : { step: 'failed', failure: outcome.failure });
  }, [client, sessionActions, activity]);

  const startAutofill = useCallback(async () => {
    const attempt = ++run.current;
    if (!sessionActions) return false;
    const { completeSignIn } = sessionActions;
    const outcome = await runPasskeySignIn({ client, completeSignIn, activity, autofill: true });
    if (attempt !== run.current || outcome.ok) return false;
    // An aborted or unavailable silent wait is nobody's doing: only the server's refusal is news.
    const { kind } = outcome.failure;
    if (kind === 'cancelled' || kind === 'unsupported' || kind === 'other') return false;
    setState({ step: 'failed', failure: outcome.failure });
    return kind === 'not-recognised' || kind === 'refused';
  }, [client, sessionActions, activity]);

  return { state, start, startAutofill };
}
