import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../../auth/session-context';
import {
  answerInteraction,
  fetchInteractionDetails,
  type InteractionDetails,
  InteractionRequestError,
} from './interaction-api';

export type InteractionState =
  | { kind: 'loading' }
  | { kind: 'expired' }
  | { kind: 'failed' }
  | { kind: 'ready'; details: InteractionDetails }
  /** Allow or Deny was sent; the browser is on its way back to the app. */
  | { kind: 'leaving' };

/**
 * One interaction of the provider: its details (read again when the person
 * signs in, since the server decides who is signed in), Allow and Deny. A
 * consent already given for these scopes is answered at once: the person
 * only signs in.
 */
export function useInteraction(uid: string) {
  const { status } = useSession();
  const [state, setState] = useState<InteractionState>({ kind: 'loading' });

  const answer = useCallback(
    async (choice: 'confirm' | 'abort') => {
      setState({ kind: 'leaving' });
      try {
        const { redirectTo } = await answerInteraction(uid, choice);
        window.location.assign(redirectTo);
      } catch (error) {
        setState({
          kind:
            error instanceof InteractionRequestError && error.status < 500 ? 'expired' : 'failed',
        });
      }
    },
    [uid],
  );

  useEffect(() => {
    if (status === 'loading') return;
    let cancelled = false;
    fetchInteractionDetails(uid).then(
      (details) => {
        if (cancelled) return;
        if (details.signedIn && details.remembered && status === 'authenticated') {
          void answer('confirm');
          return;
        }
        setState({ kind: 'ready', details });
      },
      (error) => {
        if (cancelled) return;
        setState({
          kind:
            error instanceof InteractionRequestError && error.status < 500 ? 'expired' : 'failed',
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [uid, status, answer]);

  return {
    state,
    allow: () => void answer('confirm'),
    deny: () => void answer('abort'),
  };
}
