import { RainbowKitAuthenticationProvider } from '@rainbow-me/rainbowkit';
import { type ReactNode, useMemo } from 'react';
import type { GraphqlClient } from '../graphql/create-graphql-client';
import { AccountEventsProvider } from './account-events-provider';
import { createSessionActions } from './create-session-actions';
import { createSiweAdapter } from './create-siwe-adapter';
import { SessionContext } from './session-context';
import { useAuthSession } from './use-auth-session';

export type SiweAuthProviderProps = {
  graphql: GraphqlClient;
  children: ReactNode;
};

/** Sign-In with Ethereum for RainbowKit, with the session state the rest of the app reads. */
export function SiweAuthProvider({ graphql, children }: SiweAuthProviderProps) {
  const actions = useMemo(() => createSessionActions(graphql), [graphql]);
  const session = useAuthSession({ graphql, actions });
  const adapter = useMemo(
    () =>
      createSiweAdapter({
        client: graphql.apollo,
        completeSignIn: actions.completeSignIn,
        signOut: actions.signOut,
      }),
    [graphql, actions],
  );
  return (
    <RainbowKitAuthenticationProvider adapter={adapter} status={session.status}>
      <SessionContext.Provider value={session}>
        <AccountEventsProvider>{children}</AccountEventsProvider>
      </SessionContext.Provider>
    </RainbowKitAuthenticationProvider>
  );
}
