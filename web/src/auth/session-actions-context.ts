import { createContext, useContext } from 'react';
import type { SessionActions } from './create-session-actions';

export const SessionActionsContext = createContext<SessionActions | null>(null);

/**
 * What RainbowKit's adapter does with a verified sign-in, for a sign-in that
 * does not go through RainbowKit (a Solana wallet's).
 */
export function useSessionActions(): SessionActions {
  const actions = useContext(SessionActionsContext);
  if (!actions) throw new Error('useSessionActions is used outside SessionActionsContext');
  return actions;
}
