import { RainbowKitAuthenticationProvider } from '@rainbow-me/rainbowkit';
import { type ReactNode, useMemo, useRef } from 'react';
import type { GraphqlClient } from '../graphql/create-graphql-client';
import { AccountEventsProvider } from './account-events-provider';
import { createSessionActions } from './create-session-actions';
import { createSiweAdapter } from './create-siwe-adapter';
import { LinkWalletProvider } from './link-wallet-provider';
import { SessionActionsContext } from './session-actions-context';
import { SessionContext } from './session-context';
import { createSignInActivity } from './sign-in-activity';
import { SignInActivityContext } from './sign-in-activity-context';
import { useAuthSession } from './use-auth-session';

export type SiweAuthProviderProps = {
  graphql: GraphqlClient;
  /** Apollo's cache holds this page load's `me` already: the session starts from it. */
  meSeeded?: boolean;
  children: ReactNode;
};

/** Sign-In with Ethereum for RainbowKit, with the session state the rest of the app reads. */
export function SiweAuthProvider({ graphql, meSeeded = false, children }: SiweAuthProviderProps) {
  const actions = useMemo(() => createSessionActions(graphql), [graphql]);
  const activity = useMemo(() => createSignInActivity(), []);
  const session = useAuthSession({ graphql, actions, meSeeded });
  const walletChanged = useRef(session.signOutUnlessWalletBelongs);
  walletChanged.current = session.signOutUnlessWalletBelongs;
  const adapter = useMemo(
    () =>
      createSiweAdapter({
        client: graphql.apollo,
        completeSignIn: actions.completeSignIn,
        // RainbowKit signs out on every account change; Sigil keeps the session for the account's own wallets.
        signOut: () => walletChanged.current(),
        activity,
      }),
    [graphql, actions, activity],
  );
  return (
    <RainbowKitAuthenticationProvider adapter={adapter} status={session.status}>
      <SignInActivityContext.Provider value={activity}>
        <SessionActionsContext.Provider value={actions}>
          <SessionContext.Provider value={session}>
            <LinkWalletProvider>
              <AccountEventsProvider>{children}</AccountEventsProvider>
            </LinkWalletProvider>
          </SessionContext.Provider>
        </SessionActionsContext.Provider>
      </SignInActivityContext.Provider>
    </RainbowKitAuthenticationProvider>
  );
}
