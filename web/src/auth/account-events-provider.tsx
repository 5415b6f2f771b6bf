import { useApolloClient, useSubscription } from '@apollo/client';
import { type ReactNode, useEffect, useState } from 'react';
import {
  AccountEventsDocument,
  AccountPageDocument,
  ConnectedAppsDocument,
} from '../graphql/generated/graphql';
import { type AccountEvent, AccountEventsContext } from './account-events-context';
import { useSession } from './session-context';

/** How many events the feed keeps; older ones are in the sign-in history. */
const FEED_LENGTH = 50;

/** Events that end the session they name; a wallet event names the session that acted instead. */
const ENDS_ITS_SESSION: ReadonlySet<AccountEvent['type']> = new Set([
  'SIGNED_OUT',
  'SESSION_REVOKED',
]);

/**
 * Listens to `accountEvents` while signed in, for the whole app (not only the account
 * page): when this tab's own session is ended elsewhere it must sign out at once.
 */
export function AccountEventsProvider({ children }: { children: ReactNode }) {
  const { status, account, signOut, refresh } = useSession();
  const client = useApolloClient();
  const [events, setEvents] = useState<readonly AccountEvent[]>([]);
  const signedInAs = status === 'authenticated' ? (account?.address ?? null) : null;

  // A new identity (or none) starts with an empty feed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reset is keyed on the identity.
  useEffect(() => setEvents([]), [signedInAs]);

  useSubscription(AccountEventsDocument, {
    skip: signedInAs === null,
    onData: ({ data }) => {
      const event = data.data?.accountEvents;
      if (!event) return;
      setEvents((previous) => [event, ...previous].slice(0, FEED_LENGTH));
      if (ENDS_ITS_SESSION.has(event.type) && event.session.current) {
        void signOut();
        return;
      }
      void client.refetchQueries({ include: [AccountPageDocument, ConnectedAppsDocument] });
      // `current` is computed by the server per connection; `me` is the authority if in doubt.
      // A wallet event changes `me`'s wallets, which decide what the wallet may switch to.
      if (event.type !== 'SIGNED_IN') refresh();
    },
    onError: refresh,
  });

  return <AccountEventsContext.Provider value={events}>{children}</AccountEventsContext.Provider>;
}
