import { ApolloClient, ApolloProvider, HttpLink, InMemoryCache, split } from '@apollo/client';
import { MockSubscriptionLink } from '@apollo/client/testing';
import { getMainDefinition } from '@apollo/client/utilities';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { type ReactNode, useMemo, useState } from 'react';
import type { Address } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect } from 'wagmi/actions';
import { RuntimeConfigContext } from '../../app/runtime-config-context';
import type { AccountEvent } from '../../auth/account-events-context';
import { AccountEventsProvider } from '../../auth/account-events-provider';
import { LinkWalletProvider } from '../../auth/link-wallet-provider';
import { type Session, SessionContext } from '../../auth/session-context';
import { cacheTypePolicies } from '../../graphql/create-graphql-client';
import { type JsonRpcServer, startJsonRpcServer } from '../../test/json-rpc-server';
import { runtimeConfigFixture } from '../../test/runtime-config-fixture';
import { createSchemaFetch } from '../../test/schema-fetch';
import { testAccounts, wagmiTestConfig } from '../../test/wagmi-test-config';
import { wagmiWrapper } from '../../test/wagmi-wrapper';
import AccountPage from '../account-page';
import { linkFailureMessage } from './link-failure-message';
import { LAST_WALLET_MESSAGE } from './use-wallet-actions';

const [first, second] = testAccounts;
const contractWallet = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const at = '2026-11-20T10:00:00.000Z';

type ServerWallet = {
  address: Address;
  kind: 'EOA' | 'CONTRACT';
  chainId: number | null;
  namespace: 'EIP155' | 'SOLANA';
  caip10: string;
  primary: boolean;
  public: boolean;
  linkedAt: string;
  lastSignInAt: string | null;
};

const wallet = (address: Address, fields: Partial<ServerWallet> = {}): ServerWallet => ({
  address,
  kind: 'EOA',
  chainId: null,
  namespace: 'EIP155',
  caip10: `eip155:1:${address}`,
  primary: false,
  public: false,
  linkedAt: at,
  lastSignInAt: null,
  ...fields,
});

const refusal = (code: string, extensions: Record<string, unknown> = {}) =>
  new GraphQLError(code, { extensions: { code, ...extensions } });

/**
 * The account page against the real schema: queries and mutations are executed
 * by resolvers over `wallets` (the "server"), events arrive through a mock
 * subscription link, and wagmi's mock connector is the wallet.
 */
async function setUp({
  wallets: initialWallets = [wallet(first, { primary: true, lastSignInAt: at })],
  unlinkWallet,
  linkWallet,
  signMessageError = false,
  rpc,
}: {
  wallets?: ServerWallet[];
  unlinkWallet?: (args: { address: string; chainId: number | null }) => boolean;
  linkWallet?: () => ServerWallet;
  signMessageError?: boolean;
  rpc: JsonRpcServer;
}) {
  const server = { wallets: initialWallets };
  let nonces = 0;
  const fetch = createSchemaFetch({
    rootValue: {
      me: () => ({
        id: 'acc-1',
        address: server.wallets.find((item) => item.primary)?.address ?? first,
        createdAt: at,
        linkStatement: 'Link this wallet to Sigil account acc-1.',
        profile: { displayName: null, bio: null, public: false, avatar: null },
        wallets: server.wallets,
        sessions: [],
        signIns: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } },
      }),
      signInParameters: () => ({
        domain: 'localhost:3000',
        uri: 'http://localhost:3000',
        statement: 'Sign in to Sigil.',
        nonceTtlSeconds: 600,
        solanaClusters: [],
        chains: [{ id: 31337, name: 'Hardhat' }],
      }),
      createNonce: () => {
        nonces += 1;
        return {
          value: `nonce${String(nonces).padStart(8, '0')}`,
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
        };
      },
      unlinkWallet: (args: { address: string; chainId: number | null }) => {
        const answer = unlinkWallet?.(args) ?? true;
        server.wallets = server.wallets.filter((item) => item.address !== args.address);
        return answer;
      },
      setPrimaryWallet: ({ address }: { address: string }) => {
        server.wallets = server.wallets.map((item) => ({
          ...item,
          primary: item.address === address,
        }));
        return server.wallets.find((item) => item.primary);
      },
      linkWallet: () => {
        const linked = linkWallet ? linkWallet() : wallet(second);
        server.wallets = [...server.wallets, linked];
        return linked;
      },
    },
  });
  const events = new MockSubscriptionLink();
  const client = new ApolloClient({
    cache: new InMemoryCache({ typePolicies: cacheTypePolicies }),
    link: split(
      ({ query }) => {
        const definition = getMainDefinition(query);
        return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
      },
      events,
      new HttpLink({ uri: '/graphql', fetch }),
    ),
  });
  const wagmi = wagmiTestConfig(rpc.url, { signMessageError });
  const WithWagmi = wagmiWrapper(wagmi);
  const config = runtimeConfigFixture();
  config.chains[0].rpcUrl = rpc.url;

  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeConfigContext.Provider value={config}>
      <WithWagmi>
        <ApolloProvider client={client}>
          <SessionStub wallets={server.wallets}>
            <LinkWalletProvider>
              <AccountEventsProvider>{children}</AccountEventsProvider>
            </LinkWalletProvider>
          </SessionStub>
        </ApolloProvider>
      </WithWagmi>
    </RuntimeConfigContext.Provider>
  );
  render(<AccountPage />, { wrapper });
  const connector = wagmi.connectors[0];
  if (!connector) throw new Error('the test config has a mock connector');
  await act(() => connect(wagmi, { connector }));
  await screen.findAllByTestId('wallet-item');

  return {
    server,
    fetch,
    operations: (name: string) => fetch.operations.filter((op) => op.operationName === name),
    push: (event: AccountEvent) =>
      act(() => events.simulateResult({ result: { data: { accountEvents: event } } })),
    switchWalletTo: (address: Address) => act(() => connector.onAccountsChanged([address])),
  };
}

/** A signed-in session whose link flow state is real (the session rule itself is tested elsewhere). */
function SessionStub({ wallets, children }: { wallets: ServerWallet[]; children: ReactNode }) {
  const [linking, setLinking] = useState(false);
  const value = useMemo<Session>(
    () => ({
      status: 'authenticated',
      account: { id: 'acc-1', address: first, wallets },
      refresh: () => {},
      signOut: async () => {},
      linking,
      setLinking,
    }),
    [linking, wallets],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

const items = () => screen.getAllByTestId('wallet-item');
const item = (address: string) => {
  const found = items().find((element) => element.dataset.address === address);
  if (!found) throw new Error(`no row for ${address}`);
  return found;
};

describe('the Wallets section', () => {
  let rpc: JsonRpcServer;
  beforeEach(async () => {
    rpc = await startJsonRpcServer((method) => {
      if (method === 'eth_getBalance') return '0x0';
      if (method === 'eth_chainId') return '0x7a69';
      // wagmi's mock connector forwards personal_sign here as eth_sign.
      if (method === 'eth_sign') return `0x${'ab'.repeat(65)}`;
      throw new Error(`unexpected ${method}`);
    });
  });
  afterEach(() => rpc.close());

  it("lists each wallet: address, kind, a contract wallet's chain, the primary badge, last sign-in", async () => {
    await setUp({
      rpc,
      wallets: [
        wallet(first, { primary: true, lastSignInAt: at }),
        wallet(contractWallet, { kind: 'CONTRACT', chainId: 31337 }),
      ],
    });
    expect(items().map((element) => element.dataset.address)).toEqual([first, contractWallet]);
    const primary = item(first);
    expect(within(primary).getByTestId('primary-badge').textContent).toBe('Primary');
    expect(primary.textContent).toContain('In your wallet now');
    expect(within(primary).queryByRole('button', { name: 'Make primary' })).toBeNull();
    expect(primary.textContent).toContain('Key-signed account (EOA), on every chain');
    expect(primary.textContent).toContain('last sign-in');
    const contract = item(contractWallet);
    expect(within(contract).queryByTestId('primary-badge')).toBeNull();
    expect(contract.textContent).toContain('Contract wallet (EIP-1271) on Hardhat');
    expect(contract.textContent).toContain('never signed in');
    expect(contract.textContent).not.toContain('In your wallet now');
    expect(within(contract).getByRole('button', { name: 'Make primary' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('offers no unlink for the only wallet', async () => {
    await setUp({ rpc });
    expect(within(item(first)).queryByRole('button', { name: 'Unlink' })).toBeNull();
  });

  it('asks before unlinking: cancelling sends nothing, confirming unlinks that wallet on its chain', async () => {
    const { operations } = await setUp({
      rpc,
      wallets: [
        wallet(first, { primary: true }),
        wallet(contractWallet, { kind: 'CONTRACT', chainId: 31337 }),
      ],
    });
    const dialog = screen.getByTestId('unlink-dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(false);

    fireEvent.click(within(item(contractWallet)).getByRole('button', { name: 'Unlink' }));
    expect(dialog.open).toBe(true);
    expect(dialog.textContent).toContain(
      `${contractWallet} will no longer sign in to this account`,
    );
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog.open).toBe(false);
    expect(operations('UnlinkWallet')).toEqual([]);

    fireEvent.click(within(item(contractWallet)).getByRole('button', { name: 'Unlink' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink wallet' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(operations('UnlinkWallet').map((op) => op.variables)).toEqual([
      { address: contractWallet, chainId: 31337 },
    ]);
    // Its row is gone: focus goes to the section's heading, not to the page's start.
    expect(document.activeElement?.id).toBe('wallets-title');
  });

  it('says why the last wallet cannot be unlinked when the server refuses with LAST_WALLET', async () => {
    await setUp({
      rpc,
      wallets: [wallet(first, { primary: true }), wallet(second)],
      unlinkWallet: () => {
        throw refusal('LAST_WALLET');
      },
    });
    fireEvent.click(within(item(second)).getByRole('button', { name: 'Unlink' }));
    fireEvent.click(screen.getByRole('button', { name: 'Unlink wallet' }));
    expect((await screen.findByTestId('wallets-error')).textContent).toBe(LAST_WALLET_MESSAGE);
  });

  it("says a passkey's session must have the wallet sign in again before unlinking, and asks it", async () => {
    await setUp({
      rpc,
      wallets: [wallet(first, { primary: true }), wallet(second)],
      unlinkWallet: () => {
        throw refusal('WALLET_SIGN_IN_REQUIRED');
      },
    });
    fireEvent.click(within(item(second)).getByRole('button', { name: 'Unlink' }));
    fireEvent.click(screen.getByRole('button', { name: 'Unlink wallet' }));
    const required = await screen.findByTestId('wallet-sign-in-required');
    expect(required.textContent).toContain('Sign in with your wallet again to go on.');
    expect(within(required).getByTestId('wallet-sign-in-again').textContent).toBe(
      'Sign in with your wallet again',
    );
    expect(screen.queryByTestId('wallets-error')).toBeNull();
  });

  it('makes a wallet primary and shows the badge where the server says', async () => {
    await setUp({ rpc, wallets: [wallet(first, { primary: true }), wallet(second)] });
    fireEvent.click(within(item(second)).getByRole('button', { name: 'Make primary' }));
    await waitFor(() =>
      expect(within(item(second)).queryByTestId('primary-badge')?.textContent).toBe('Primary'),
    );
    expect(within(item(first)).queryByTestId('primary-badge')).toBeNull();
  });

  it('updates live when another tab links or unlinks a wallet', async () => {
    const { server, push } = await setUp({ rpc });
    const session = {
      __typename: 'Session' as const,
      method: 'WALLET' as const,
      passkey: null,
      id: 'ses-other',
      current: false,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: at,
      chainId: 31337,
      chain: 'eip155:31337',
      userAgent: null,
      address: first,
    };
    server.wallets = [...server.wallets, wallet(second)];
    push({
      __typename: 'AccountEvent',
      type: 'WALLET_LINKED',
      at,
      actor: 'SELF',
      session,
      wallet: { __typename: 'Wallet', address: second, chainId: null },
    });
    await waitFor(() => expect(items()).toHaveLength(2));

    server.wallets = server.wallets.filter((item) => item.address !== second);
    push({
      __typename: 'AccountEvent',
      type: 'WALLET_UNLINKED',
      at,
      actor: 'SELF',
      session,
      wallet: { __typename: 'Wallet', address: second, chainId: null },
    });
    await waitFor(() => expect(items()).toHaveLength(1));
  });

  describe('linking', () => {
    async function linkSecond(options: Omit<Parameters<typeof setUp>[0], 'rpc'> = {}) {
      const page = await setUp({ rpc, ...options });
      fireEvent.click(screen.getByRole('button', { name: 'Link a wallet' }));
      await screen.findByTestId('link-panel');
      expect(document.activeElement?.id).toBe('link-title');
      page.switchWalletTo(second);
      return page;
    }

    it('signs the link message with the wallet switched to, then lists it', async () => {
      const { operations } = await linkSecond();
      await screen.findByTestId('link-success');
      await waitFor(() => expect(items()).toHaveLength(2));
      const [link] = operations('LinkWallet');
      const message = String(link?.variables.message);
      expect(message).toContain(`\n${second}\n`);
      expect(message).toContain('Link this wallet to Sigil account acc-1.');
    });

    it.each([
      ['WALLET_ALREADY_LINKED', linkFailureMessage['already-linked-elsewhere']],
      ['INVALID_SIGNATURE', linkFailureMessage['invalid-signature']],
      ['WALLET_LIMIT_REACHED', linkFailureMessage['limit-reached']],
      ['INVALID_NONCE', linkFailureMessage.verifying],
    ])('says what %s means', async (code, message) => {
      await linkSecond({
        linkWallet: () => {
          throw refusal(code);
        },
      });
      expect((await screen.findByTestId('link-error')).textContent).toBe(message);
      expect(items()).toHaveLength(1);
    });

    it('says when to try again after RATE_LIMITED', async () => {
      await linkSecond({
        linkWallet: () => {
          throw refusal('RATE_LIMITED', { retryAfterSeconds: 42 });
        },
      });
      const error = await screen.findByTestId('link-error');
      const wait = error.textContent?.match(
        /^Too many attempts from this connection\. Try again in (\d+) seconds?\.$/,
      );
      // Counting down from the server's 42 seconds.
      expect(Number(wait?.[1])).toBeGreaterThan(0);
      expect(Number(wait?.[1])).toBeLessThanOrEqual(42);
      expect(screen.getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', true);
    });

    it('says the signature was declined when the person rejects it in the wallet', async () => {
      const { operations } = await linkSecond({ signMessageError: true });
      expect((await screen.findByTestId('link-error')).textContent).toBe(
        linkFailureMessage.rejected,
      );
      expect(operations('LinkWallet')).toEqual([]);
    });
  });
});
