import { useQuery } from '@apollo/client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAccount, useConfig } from 'wagmi';
import { getAccount } from 'wagmi/actions';
import type { GraphqlClient } from '../graphql/create-graphql-client';
import { MeDocument } from '../graphql/generated/graphql';
import type { AuthStatus } from './auth-status';
import type { SessionActions } from './create-session-actions';
import { holdsWalletOf } from './holds-wallet-of';
import type { Session } from './session-context';

export type UseAuthSessionParameters = {
  graphql: Pick<GraphqlClient, 'accountCache' | 'subscriptions'>;
  actions: Pick<SessionActions, 'signOut'>;
  /**
   * Apollo's cache already holds this page load's `me` (the small entry asked
   * for it): the first answer comes from there instead of one more request.
   * @default false: the first answer comes from the server
   */
  meSeeded?: boolean;
};

export type AuthSession = Session & {
  /**
   * RainbowKit's sign-out, which it calls on every disconnect and account
   * change: ends the session unless the wallet now shows one of the
   * account's wallets, or a link flow is open.
   */
  signOutUnlessWalletBelongs(): Promise<void>;
};

/**
 * The authentication status, from the server's `me` only: the browser never decides that
 * someone is signed in. It also enforces the session's end here:
 * - the wallet now shows an address that is not one of the account's wallets, and no
 *   link flow expects it: sign out (another wallet of the account keeps the session,
 *   with no new signature);
 * - a link flow closes while the wallet shows no wallet of the account: sign out;
 * - `me` went from an account to null (revoked elsewhere, expired): sign out locally too;
 * - the subscription socket closed or the tab became visible again: ask `me` again.
 */
export function useAuthSession({
  graphql,
  actions,
  meSeeded = false,
}: UseAuthSessionParameters): AuthSession {
  const { accountCache, subscriptions } = graphql;
  const config = useConfig();
  const { address, status: walletStatus } = useAccount();
  // A snapshot restored from storage may hold an older `me`: only this page load's answer is trusted.
  const me = useQuery(MeDocument, {
    fetchPolicy: meSeeded ? 'cache-first' : 'network-only',
    nextFetchPolicy: 'cache-first',
  });
  // A failed refresh (server restarting, network gone) keeps the last answer: it says nothing new.
  const data = me.data ?? (me.error ? me.previousData : undefined);
  const account = data?.me ?? null;
  const accountId = account?.id ?? null;
  const [attachedTo, setAttachedTo] = useState<string | null>(null);
  const [linking, setLinking] = useState(false);

  const { refetch } = me;
  const refresh = useCallback(() => {
    refetch().catch(() => {});
  }, [refetch]);

  useEffect(() => {
    if (accountId === null) {
      setAttachedTo(null);
      return;
    }
    let current = true;
    accountCache.attach(accountId).then(() => {
      if (current) setAttachedTo(accountId);
    });
    return () => {
      current = false;
    };
  }, [accountCache, accountId]);

  const walletHoldsAnotherAddress =
    account !== null &&
    walletStatus === 'connected' &&
    address !== undefined &&
    !holdsWalletOf(account, address);
  const endsSession = walletHoldsAnotherAddress && !linking;

  useEffect(() => {
    if (endsSession) void actions.signOut();
  }, [actions, endsSession]);

  // Read at call time: RainbowKit calls sign-out from wallet events, between renders.
  const latest = useRef({ account, linking });
  latest.current = { account, linking };
  const signOutUnlessWalletBelongs = useCallback(async () => {
    const { account: current, linking: linkFlowOpen } = latest.current;
    if (linkFlowOpen) return;
    const wallet = getAccount(config);
    const belongs =
      current !== null &&
      wallet.status === 'connected' &&
      wallet.address !== undefined &&
      holdsWalletOf(current, wallet.address);
    if (!belongs) await actions.signOut();
  }, [actions, config]);

  // A link flow may disconnect the wallet to connect another; closing it applies the rule again.
  const wasLinking = useRef(false);
  useEffect(() => {
    if (wasLinking.current && !linking) void signOutUnlessWalletBelongs();
    wasLinking.current = linking;
  }, [linking, signOutUnlessWalletBelongs]);

  const meAnswered = data !== undefined;
  const hadAccount = useRef(false);
  useEffect(() => {
    if (accountId !== null) {
      hadAccount.current = true;
    } else if (meAnswered && hadAccount.current) {
      hadAccount.current = false;
      void actions.signOut();
    } else if (meAnswered) {
      // Signed out: no account's snapshot stays at rest in this browser.
      void accountCache.purge();
    }
  }, [accountId, meAnswered, actions, accountCache]);

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
  else if (accountId === null || endsSession) status = 'unauthenticated';
  else if (attachedTo !== accountId) status = 'loading';
  else status = 'authenticated';

  const sessionAccount = status === 'authenticated' ? account : null;
  return useMemo(
    () => ({
      status,
      account: sessionAccount,
      refresh,
      signOut: actions.signOut,
      linking,
      setLinking,
      signOutUnlessWalletBelongs,
    }),
    [status, sessionAccount, refresh, actions, linking, signOutUnlessWalletBelongs],
  );
}
