import { ApolloClient, ApolloProvider, InMemoryCache } from '@apollo/client';
import { MockSubscriptionLink } from '@apollo/client/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type AccountEvent, useAccountEvents } from './account-events-context';
import { AccountEventsProvider } from './account-events-provider';
import type { AuthStatus } from './auth-status';
import { type Session, SessionContext } from './session-context';

const session = (id: string, current: boolean) => ({
  __typename: 'Session' as const,
  method: 'WALLET' as const,
  passkey: null,
  id,
  current,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-21T03:00:00.000Z',
  expiresAt: '2026-12-20T10:00:00.000Z',
  chainId: 31337,
  chain: 'eip155:31337',
  userAgent: null,
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const,
});

const event = (type: AccountEvent['type'], id: string, current: boolean): AccountEvent => ({
  __typename: 'AccountEvent',
  type,
  at: '2026-11-21T03:46:38.000Z',
  actor: 'SELF',
  session: session(id, current),
});

function Feed() {
  const events = useAccountEvents();
  return <output data-testid="feed">{events.map((item) => item.type).join(',')}</output>;
}

function setUp(status: AuthStatus = 'authenticated') {
  const link = new MockSubscriptionLink();
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const value: Session = {
    status,
    account: status === 'authenticated' ? { id: 'acc-1', address: '0x01', wallets: [] } : null,
    refresh: vi.fn(),
    signOut: vi.fn(async () => {}),
    linking: false,
    setLinking: vi.fn(),
  };
  render(
    <ApolloProvider client={client}>
      <SessionContext.Provider value={value}>
        <AccountEventsProvider>
          <Feed />
        </AccountEventsProvider>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  const push = (item: AccountEvent) =>
    act(() => link.simulateResult({ result: { data: { accountEvents: item } } }));
  return { link, session: value, push };
}

describe('AccountEventsProvider', () => {
  it('subscribes to the account events while signed in', () => {
    const { link } = setUp();
    expect(link.operation?.operationName).toBe('AccountEvents');
  });

  it('does not subscribe while nobody is signed in', () => {
    const { link } = setUp('unauthenticated');
    expect(link.operation).toBeUndefined();
  });

  it('shows a sign-in elsewhere at once, newest first', async () => {
    const { push } = setUp();
    push(event('SIGNED_IN', 'ses-2', false));
    push(event('SIGNED_OUT', 'ses-3', false));
    await waitFor(() =>
      expect(screen.getByTestId('feed').textContent).toBe('SIGNED_OUT,SIGNED_IN'),
    );
  });

  it("signs this tab out when another device revokes this tab's session", async () => {
    const { push, session: value } = setUp();
    push(event('SESSION_REVOKED', 'ses-here', true));
    await waitFor(() => expect(value.signOut).toHaveBeenCalledOnce());
  });

  it('signs this tab out when its session signs out in another tab', async () => {
    const { push, session: value } = setUp();
    push(event('SIGNED_OUT', 'ses-here', true));
    await waitFor(() => expect(value.signOut).toHaveBeenCalledOnce());
  });

  it('keeps this tab signed in when its own session links or unlinks a wallet, and asks `me` again', async () => {
    const { push, session: value } = setUp();
    push({
      ...event('WALLET_LINKED', 'ses-here', true),
      wallet: {
        __typename: 'Wallet',
        address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
        chainId: null,
      },
    });
    push({
      ...event('WALLET_UNLINKED', 'ses-here', true),
      wallet: {
        __typename: 'Wallet',
        address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
        chainId: null,
      },
    });
    await waitFor(() =>
      expect(screen.getByTestId('feed').textContent).toBe('WALLET_UNLINKED,WALLET_LINKED'),
    );
    await waitFor(() => expect(value.refresh).toHaveBeenCalledTimes(2));
    expect(value.signOut).not.toHaveBeenCalled();
  });

  it("only asks the server again when another device's session ends", async () => {
    const { push, session: value } = setUp();
    push(event('SESSION_REVOKED', 'ses-phone', false));
    await waitFor(() => expect(value.refresh).toHaveBeenCalled());
    expect(value.signOut).not.toHaveBeenCalled();
  });

  it('asks the server who is signed in when the subscription fails', async () => {
    const { link, session: value } = setUp();
    act(() => link.simulateResult({ error: new Error('Socket closed with event 4403') }));
    await waitFor(() => expect(value.refresh).toHaveBeenCalled());
  });
});
