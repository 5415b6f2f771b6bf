import { createContext, useContext } from 'react';
import type { AccountIdentityFragment } from '../graphql/generated/graphql';
import type { AuthStatus } from './auth-status';

export type Session = {
  status: AuthStatus;
  /** The signed-in account as the server reports it; null unless authenticated. */
  account: AccountIdentityFragment | null;
  /** Asks the server again who is signed in (after an event that may have ended the session). */
  refresh(): void;
  /** Ends the session on the server and forgets its data here. */
  signOut(): Promise<void>;
  /**
   * A link flow is open: the wallet may show (or be disconnected to connect) an
   * address the account does not hold yet without ending the session.
   */
  linking: boolean;
  setLinking(linking: boolean): void;
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is used outside SessionContext');
  return session;
}
