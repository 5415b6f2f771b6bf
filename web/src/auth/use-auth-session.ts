import { useQuery } from '@apollo/client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isAddressEqual } from 'viem';
import { useAccount } from 'wagmi';
import type { GraphqlClient } from '../graphql/create-graphql-client';
import { MeDocument } from '../graphql/generated/graphql';
import type { AuthStatus } from './auth-status';
import type { SessionActions } from './create-session-actions';
import type { Session } from './session-context';

export type UseAuthSessionParameters = {
  graphql: Pick<GraphqlClient, 'accountCache' | 'subscriptions'>;
  actions: Pick<SessionActions, 'signOut'>;
};

/**
 * The authentication status, from the server's `me` only: the browser never decides that
 * someone is signed in. It also enforces the session's end here:
 * - the wallet now shows another address than the session's: sign out;
 * - `me` went from an account to null (revoked elsewhere, expired): sign out locally too;
 * - the subscription socket closed or the tab became visible again: ask `me` again.
 */
export function useAuthSession({ graphql, actions }: UseAuthSessionParameters): Session {
  const { accountCache, subscriptions } = graphql;
  const { address, status: walletStatus } = useAccount();
  const me = useQuery(MeDocument, { fetchPolicy: 'network-only', nextFetchPolicy: 'cache-first' });
  // A failed refresh (server restarting, network gone) keeps the last answer: it says nothing new.
  const data = me.data ?? (me.error ? me.previousData : undefined);
  const account = data?.me ?? null;
  const accountAddress = account?.address ?? null;
  const [attachedTo, setAttachedTo] = useState<string | null>(null);

  const { refetch } = me;
  const refresh = useCallback(() => {
    refetch().catch(() => {});
  }, [refetch]);

  useEffect(() => {
    if (accountAddress === null) {
      setAttachedTo(null);
      return;
    }
    let current = true;
    accountCache.attach(accountAddress).then(() => {
      if (current) setAttachedTo(accountAddress);
    });
    return () => {
      current = false;
    };
  }, [accountCache, accountAddress]);

  const walletHoldsAnotherAddress =
    accountAddress !== null &&
    walletStatus === 'connected' &&
    address !== undefined &&
    !isAddressEqual(address, accountAddress as `0x${string}`);

  useEffect(() => {
    if (walletHoldsAnotherAddress) void actions.signOut();
  }, [actions, walletHoldsAnotherAddress]);

  const meAnswered = data !== undefined;
  const hadAccount = useRef(false);
  useEffect(() => {
    if (accountAddress !== null) {
      hadAccount.current = true;
    } else if (meAnswered && hadAccount.current) {
      hadAccount.current = false;
      void actions.signOut();
    } else if (meAnswered) {
      // Signed out: no account's snapshot stays at rest in this browser.
      void accountCache.purge();
    }
  }, [accountAddress, meAnswered, actions, accountCache]);

  useEffect(() => subscriptions.onClosed(refresh), [subscriptions, refresh]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh]);

  let status: AuthStatus;
  if (!meAnswered) status = me.loading ? 'loading' : 'unauthenticated';
  else if (accountAddress === null || walletHoldsAnotherAddress) status = 'unauthenticated';
  else if (attachedTo?.toLowerCase() !== accountAddress.toLowerCase()) status = 'loading';
  else status = 'authenticated';

  const sessionAccount = status === 'authenticated' ? account : null;
  return useMemo(
    () => ({ status, account: sessionAccount, refresh, signOut: actions.signOut }),
    [status, sessionAccount, refresh, actions],
  );
}
