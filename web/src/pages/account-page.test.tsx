import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuntimeConfigContext } from '../app/runtime-config-context';
import { type AccountEvent, AccountEventsContext } from '../auth/account-events-context';
import type { AuthStatus } from '../auth/auth-status';
import { LinkWalletProvider } from '../auth/link-wallet-provider';
import { SessionContext } from '../auth/session-context';
import {
  AccountPageDocument,
  type AccountPageQuery,
  AccountProfileDocument,
  RevokeSessionDocument,
} from '../graphql/generated/graphql';
import { type JsonRpcServer, startJsonRpcServer } from '../test/json-rpc-server';
import { runtimeConfigFixture } from '../test/runtime-config-fixture';
import { wagmiTestConfig } from '../test/wagmi-test-config';
import { wagmiWrapper } from '../test/wagmi-wrapper';
import AccountPage from './account-page';

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;

const session = (id: string, current: boolean, userAgent: string) => ({
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
  userAgent,
  address,
});

const accountPage: AccountPageQuery = {
  me: {
    __typename: 'Account',
    id: 'acc-1',
    // The server returns it checksummed; the page must show it so, in full.
    address,
    createdAt: '2026-11-01T00:00:00.000Z',
    wallets: [
      {
        __typename: 'Wallet',
        address,
        kind: 'EOA',
        chainId: null,
        namespace: 'EIP155',
        caip10: `eip155:1:${address}`,
        primary: true,
        public: false,
        linkedAt: '2026-11-01T00:00:00.000Z',
        lastSignInAt: '2026-11-21T03:00:00.000Z',
      },
    ],
    sessions: [
      session('ses-here', true, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36'),
      session(
        'ses-phone',
        false,
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ],
    signIns: {
      __typename: 'SignInConnection',
      edges: [
        {
          __typename: 'SignInEdge',
          cursor: 'c1',
          node: {
            __typename: 'SignIn',
            method: 'WALLET' as const,
            passkey: null,
            id: 'si-1',
            at: '2026-11-21T03:00:00.000Z',
            address,
            chainId: 31337,
            chain: 'eip155:31337',
            namespace: 'EIP155',
            walletKind: 'EOA',
            userAgent: null,
          },
        },
        {
          __typename: 'SignInEdge',
          cursor: 'c2',
          node: {
            __typename: 'SignIn',
            method: 'WALLET' as const,
            passkey: null,
            id: 'si-2',
            at: '2026-11-20T10:00:00.000Z',
            address,
            chainId: 31337,
            chain: 'eip155:31337',
            namespace: 'EIP155',
            walletKind: 'CONTRACT',
            userAgent: null,
          },
        },
      ],
      pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'c2' },
    },
  },
};

const accountPageMock = (data: AccountPageQuery = accountPage): MockedResponse => ({
  request: { query: AccountPageDocument },
  result: { data },
});

const signedInElsewhere: AccountEvent = {
  __typename: 'AccountEvent',
  type: 'SIGNED_IN',
  at: '2026-11-21T03:46:38.000Z',
  actor: 'SELF',
  session: session('ses-laptop', false, 'Mozilla/5.0 (Windows NT 10.0; rv:128.0) Firefox/128.0'),
};

// The Profile section has its own query and tests (account/profile-section.test.tsx).
const profileMock: MockedResponse = {
  request: { query: AccountProfileDocument },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      me: {
        __typename: 'Account',
        id: 'acc-1',
        address,
        profile: {
          __typename: 'Profile',
          displayName: null,
          bio: null,
          public: false,
          avatar: null,
        },
      },
    },
  },
};

describe('AccountPage', () => {
  let rpc: JsonRpcServer;
  beforeEach(async () => {
    rpc = await startJsonRpcServer((method) => {
      if (method === 'eth_getBalance') return '0x1bc16d674ec80000'; // 2 ETH
      if (method === 'eth_chainId') return '0x7a69';
      throw new Error(`unexpected ${method}`);
    });
  });
  afterEach(() => rpc.close());

  function renderPage({
    status = 'authenticated',
    mocks = [accountPageMock()],
    events = [],
  }: {
    status?: AuthStatus;
    mocks?: MockedResponse[];
    events?: AccountEvent[];
  } = {}) {
    const config = runtimeConfigFixture();
    config.chains[0].rpcUrl = rpc.url;
    const WithWagmi = wagmiWrapper(wagmiTestConfig(rpc.url));
    const sessionValue = {
      status,
      account: status === 'authenticated' ? { id: 'acc-1', address, wallets: [] } : null,
      refresh: () => {},
      signOut: async () => {},
      linking: false,
      setLinking: () => {},
    };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RuntimeConfigContext.Provider value={config}>
        <WithWagmi>
          <MockedProvider mocks={[...mocks, profileMock]}>
            <SessionContext.Provider value={sessionValue}>
              <LinkWalletProvider>
                <AccountEventsContext.Provider value={events}>
                  {children}
                </AccountEventsContext.Provider>
              </LinkWalletProvider>
            </SessionContext.Provider>
          </MockedProvider>
        </WithWagmi>
      </RuntimeConfigContext.Provider>
    );
    return render(<AccountPage />, { wrapper });
  }

  it('shows the full checksummed address', async () => {
    renderPage();
    expect((await screen.findByTestId('account-address')).textContent).toBe(address);
  });

  it('lists the sessions, marks this device and offers to revoke only the others', async () => {
    renderPage();
    const list = await screen.findByTestId('sessions-list');
    const items = within(list).getAllByTestId('session-item');
    expect(items).toHaveLength(2);
    const [here, phone] = items as [HTMLElement, HTMLElement];
    expect(here.dataset.current).toBe('true');
    expect(here.textContent).toContain('This device');
    expect(within(here).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(phone.dataset.current).toBeUndefined();
    expect(phone.textContent).not.toContain('This device');
    expect(within(phone).getByRole('button', { name: 'Revoke' })).toHaveProperty('disabled', false);
    expect(phone.textContent).toContain('Safari on iPhone');
  });

  it('revokes another session and shows the list the server returns afterwards', async () => {
    const afterRevoke: AccountPageQuery = {
      me: accountPage.me && {
        ...accountPage.me,
        sessions: accountPage.me.sessions.filter((item) => item.current),
      },
    };
    renderPage({
      mocks: [
        accountPageMock(),
        {
          request: { query: RevokeSessionDocument, variables: { id: 'ses-phone' } },
          result: { data: { revokeSession: true } },
        },
        accountPageMock(afterRevoke),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getAllByTestId('session-item')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('shows the sign-in history with the wallet kind of each sign-in', async () => {
    renderPage();
    const history = await screen.findByTestId('sign-in-history');
    const items = within(history).getAllByTestId('sign-in-item');
    expect(items.map((item) => item.dataset.walletKind)).toEqual(['EOA', 'CONTRACT']);
    expect(items[1]?.textContent).toContain('Contract wallet (EIP-1271)');
  });

  it('shows the native balance on each enabled chain, read from its RPC', async () => {
    renderPage();
    const balances = await screen.findAllByTestId('chain-balance');
    expect(balances).toHaveLength(1);
    await waitFor(() => expect(balances[0]?.textContent).toBe('Hardhat2 ETH'));
  });

  it('shows live events of the account', async () => {
    renderPage({ events: [signedInElsewhere] });
    const feed = await screen.findByTestId('events-feed');
    const [item] = within(feed).getAllByTestId('event-item');
    expect(item?.textContent).toContain('Signed in');
    expect(item?.textContent).toContain('Firefox on Windows');
  });

  it('asks an unauthenticated visitor to connect and sign in, or to use a passkey', () => {
    renderPage({ status: 'unauthenticated', mocks: [] });
    const page = screen.getByRole('region', { name: 'Your account' });
    expect(page.textContent).toContain(
      'Connect a wallet, then sign a message with it to prove the account is yours.',
    );
    expect(
      within(page)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Connect and sign in', 'Sign in with a passkey']);
    expect(screen.queryByTestId('account-address')).toBeNull();
  });

  it('says it is checking while the session is loading', () => {
    renderPage({ status: 'loading', mocks: [] });
    expect(screen.getByRole('status').textContent).toBe('Checking your session…');
  });

  it('shows the generic error, with a retry, when the account cannot be loaded', async () => {
    renderPage({
      mocks: [{ request: { query: AccountPageDocument }, error: new Error('socket hang up') }],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Oops, something went wrong!');
    expect(
      within(alert)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Try again']);
  });
});
