import { ApolloProvider } from '@apollo/client';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useAccount } from 'wagmi';
import { connect, disconnect } from 'wagmi/actions';
import { createGraphqlClient } from '../graphql/create-graphql-client';
import { MeDocument } from '../graphql/generated/graphql';
import { createSchemaFetch } from '../test/schema-fetch';
import { testAccounts, wagmiTestConfig } from '../test/wagmi-test-config';
import { wagmiWrapper } from '../test/wagmi-wrapper';
import { createSessionActions } from './create-session-actions';
import { useAuthSession } from './use-auth-session';

const [firstAddress, secondAddress] = testAccounts;

function mockConnector(config: ReturnType<typeof wagmiTestConfig>) {
  const [connector] = config.connectors;
  if (!connector) throw new Error('the test config has a mock connector');
  return connector;
}

type MeAnswer = { id: string; address: string; wallets?: { address: string; chainId: null }[] };

/** `seedMe`: Apollo's cache holds `me: null` before the first render, as the first paint leaves it. */
function setUp(initialMe: MeAnswer | null, { seedMe = false } = {}) {
  // The account's own address is always one of its wallets.
  const withWallets = (answer: MeAnswer | null) =>
    answer && {
      ...answer,
      wallets: answer.wallets ?? [{ address: answer.address, chainId: null }],
    };
  let me = withWallets(initialMe);
  const fetch = createSchemaFetch({
    rootValue: {
      me: () => me,
      signOut: () => {
        me = null;
        return true;
      },
    },
  });
  const graphql = createGraphqlClient({ fetch, wsUrl: 'ws://127.0.0.1:9/graphql' });
  let socketClosed = () => {};
  vi.spyOn(graphql.subscriptions, 'onClosed').mockImplementation((listener) => {
    socketClosed = listener;
    return () => {};
  });
  if (seedMe) graphql.apollo.writeQuery({ query: MeDocument, data: { me: null } });
  const actions = createSessionActions(graphql);
  const signOut = vi.spyOn(actions, 'signOut');
  const wagmi = wagmiTestConfig();
  const WithWagmi = wagmiWrapper(wagmi);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <WithWagmi>
      <ApolloProvider client={graphql.apollo}>{children}</ApolloProvider>
    </WithWagmi>
  );
  const hook = renderHook(() => useAuthSession({ graphql, actions, meSeeded: seedMe }), {
    wrapper,
  });
  const wallet = renderHook(() => useAccount(), { wrapper });
  return {
    hook,
    wallet,
    fetch,
    signOut,
    wagmi,
    endSessionOnServer: () => {
      me = null;
    },
    closeSocket: () => socketClosed(),
  };
}

describe('useAuthSession', () => {
  it('is loading until the server has said who is signed in', () => {
    const { hook } = setUp(null);
    expect(hook.result.current.status).toBe('loading');
  });

  it("starts from this page load's `me` in the cache, settled and without asking again", async () => {
    const { hook, fetch } = setUp(null, { seedMe: true });
    expect(hook.result.current.status).toBe('unauthenticated');
    expect(fetch.operations).toEqual([]);
    // Asked again when something may have changed it, as without the seed.
    act(() => hook.result.current.refresh());
    await waitFor(() => expect(fetch.operations.map((op) => op.operationName)).toEqual(['Me']));
  });

  it('is unauthenticated when `me` is null', async () => {
    const { hook } = setUp(null);
    await waitFor(() => expect(hook.result.current.status).toBe('unauthenticated'));
    expect(hook.result.current.account).toBeNull();
  });

  it('restores a session from `me` alone, with no signature (a reload)', async () => {
    const { hook } = setUp({ id: 'a', address: firstAddress });
    await waitFor(() => expect(hook.result.current.status).toBe('authenticated'));
    expect(hook.result.current.account?.address).toBe(firstAddress);
  });

  it('stays authenticated while the wallet shows the same address', async () => {
    const { hook, wagmi, signOut } = setUp({ id: 'a', address: firstAddress });
    await act(() => connect(wagmi, { connector: mockConnector(wagmi) }));
    await waitFor(() => expect(hook.result.current.status).toBe('authenticated'));
    expect(signOut).not.toHaveBeenCalled();
  });

  it("signs out when the wallet's address is not the session's", async () => {
    const { hook, wagmi, signOut, fetch } = setUp({ id: 'b', address: secondAddress });
    await waitFor(() => expect(hook.result.current.status).toBe('authenticated'));
    await act(() => connect(wagmi, { connector: mockConnector(wagmi) }));
    expect(hook.result.current.status).toBe('unauthenticated');
    await waitFor(() => expect(signOut).toHaveBeenCalled());
    await waitFor(() =>
      expect(fetch.operations.map((op) => op.operationName)).toContain('SignOut'),
    );
  });

  it('keeps the session, with no sign-out, when the wallet switches to another wallet of the account', async () => {
    const { hook, wagmi, wallet, signOut } = setUp({
      id: 'a',
      address: firstAddress,
      wallets: [
        { address: firstAddress, chainId: null },
        { address: secondAddress, chainId: null },
      ],
    });
    await act(() => connect(wagmi, { connector: mockConnector(wagmi) }));
    await waitFor(() => expect(hook.result.current.status).toBe('authenticated'));
    act(() => mockConnector(wagmi).onAccountsChanged([secondAddress]));
    await waitFor(() => expect(wallet.result.current.address).toBe(secondAddress));
    expect(hook.result.current.status).toBe('authenticated');
    // RainbowKit's own sign-out on an account change is answered by the same rule.
    await act(() => hook.result.current.signOutUnlessWalletBelongs());
    expect(signOut).not.toHaveBeenCalled();
    expect(hook.result.current.status).toBe('authenticated');
  });

  it('signs out when a wallet of the account switches to an address the account does not hold', async () => {
    const { hook, wagmi, wallet, signOut } = setUp({ id: 'a', address: firstAddress });
    await act(() => connect(wagmi, { connector: mockConnector(wagmi) }));
    await waitFor(() => expect(hook.result.current.status).toBe('authenticated'));
    act(() => mockConnector(wagmi).onAccountsChanged([secondAddress]));
    await waitFor(() => expect(wallet.result.current.address).toBe(secondAddress));
    expect(hook.result.current.status).toBe('unauthenticated');
    await waitFor(() => expect(signOut).toHaveBeenCalled());
  });

  it('keeps the session while a link flow expects the switch, and applies the rule when it closes', async () => {
    const { hook, wagmi, wallet, signOut } = setUp({ id: 'a', address: firstAddress });
    await act(() => connect(wagmi, { connector: mockConnector(wagmi) }));
    await waitFor(() => expect(hook.result.current.status).toBe('authenticated'));
    act(() => hook.result.current.setLinking(true));
    act(() => mockConnector(wagmi).onAccountsChanged([secondAddress]));
    await waitFor(() => expect(wallet.result.current.address).toBe(secondAddress));
    expect(hook.result.current.status).toBe('authenticated');
    await act(() => hook.result.current.signOutUnlessWalletBelongs());
    expect(signOut).not.toHaveBeenCalled();

    // Closed with the wallet still on an address the account does not hold: the session ends.
    act(() => hook.result.current.setLinking(false));
    await waitFor(() => expect(signOut).toHaveBeenCalled());
    expect(hook.result.current.status).toBe('unauthenticated');
  });

  it("signs out on RainbowKit's call when the wallet disconnected", async () => {
    const { hook, wagmi, signOut } = setUp({ id: 'a', address: firstAddress });
    await act(() => connect(wagmi, { connector: mockConnector(wagmi) }));
    await waitFor(() => expect(hook.result.current.status).toBe('authenticated'));
    await act(() => disconnect(wagmi));
    expect(signOut).not.toHaveBeenCalled();
    await act(() => hook.result.current.signOutUnlessWalletBelongs());
    // The session's end then reaches `me`, and the hook may say so once more:
    // sign-out is idempotent, what matters is that this call signed out.
    expect(signOut).toHaveBeenCalled();
  });

  it('signs this tab out when the server no longer knows the session', async () => {
    const { hook, signOut, endSessionOnServer } = setUp({ id: 'a', address: firstAddress });
    await waitFor(() => expect(hook.result.current.status).toBe('authenticated'));
    endSessionOnServer();
    act(() => hook.result.current.refresh());
    await waitFor(() => expect(hook.result.current.status).toBe('unauthenticated'));
    expect(signOut).toHaveBeenCalled();
  });

  it('asks the server again when the subscription socket closes', async () => {
    const { hook, endSessionOnServer, closeSocket } = setUp({ id: 'a', address: firstAddress });
    await waitFor(() => expect(hook.result.current.status).toBe('authenticated'));
    endSessionOnServer();
    act(() => closeSocket());
    await waitFor(() => expect(hook.result.current.status).toBe('unauthenticated'));
  });
});
