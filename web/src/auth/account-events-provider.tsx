import { useApolloClient, useSubscription } from '@apollo/client';
import { type ReactNode, useEffect, useState } from 'react';
import { AccountEventsDocument, AccountPageDocument } from '../graphql/generated/graphql';
import { type AccountEvent, AccountEventsContext } from './account-events-context';
import { useSession } from './session-context';

/** How many events the feed keeps; older ones are in the sign-in history. */
const FEED_LENGTH = 50;

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
      if (event.type !== 'SIGNED_IN' && event.session.current) {
        void signOut();
        return;
      }
      void client.refetchQueries({ include: [AccountPageDocument] });
      // `current` is computed by the server per connection; `me` is the authority if in doubt.
      if (event.type !== 'SIGNED_IN') refresh();
    },
    onError: refresh,
  });

  return <AccountEventsContext.Provider value={events}>{children}</AccountEventsContext.Provider>;
}
