import { createContext, useContext } from 'react';
import type { AccountEventsSubscription } from '../graphql/generated/graphql';

export type AccountEvent = AccountEventsSubscription['accountEvents'];

/** Events of the signed-in account received by this tab, newest first. */
export const AccountEventsContext = createContext<readonly AccountEvent[]>([]);

export function useAccountEvents(): readonly AccountEvent[] {
  return useContext(AccountEventsContext);
}
