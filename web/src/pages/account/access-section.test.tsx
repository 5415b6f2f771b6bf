import { ApolloClient, ApolloProvider, HttpLink, InMemoryCache, split } from '@apollo/client';
import { MockSubscriptionLink } from '@apollo/client/testing';
import { getMainDefinition } from '@apollo/client/utilities';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { ReactNode } from 'react';
import { encodeAbiParameters } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuntimeConfigContext } from '../../app/runtime-config-context';
import type { AccountEvent } from '../../auth/account-events-context';
import { AccountEventsProvider } from '../../auth/account-events-provider';
import { type Session, SessionContext } from '../../auth/session-context';
import { cacheTypePolicies } from '../../graphql/create-graphql-client';
import { AccountAccessDocument } from '../../graphql/generated/graphql';
import {
  JsonRpcAnswerError,
  type JsonRpcServer,
  startJsonRpcServer,
} from '../../test/json-rpc-server';
import { runtimeConfigFixture } from '../../test/runtime-config-fixture';
import { createSchemaFetch } from '../../test/schema-fetch';
import { testAccounts, wagmiTestConfig } from '../../test/wagmi-test-config';
import { wagmiWrapper } from '../../test/wagmi-wrapper';
import { AccessSection } from './access-section';

const [first] = testAccounts;
const sgl = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const silent = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const nft = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const ether = (amount: string) => `${amount}${'0'.repeat(18)}`;

type ServerRequirement = {
  type: 'ERC20' | 'ERC721' | 'ERC1155' | 'NATIVE' | 'ALLOWLIST';
  chainId: number | null;
  contract: string | null;
  tokenId: string | null;
  minBalance: string;
  balance: string;
  met: boolean;
};
type ServerRule = {
  role: string;
  description: string | null;
  logic: 'ANY' | 'ALL';
  granted: boolean;
  requirements: ServerRequirement[];
};
type ServerReport = { checkedAt: string | null; stale: boolean; rules: ServerRule[] };

const requirement = (fields: Partial<ServerRequirement>): ServerRequirement => ({
  type: 'ERC20',
  chainId: 31337,
  contract: sgl,
  tokenId: null,
  minBalance: '1',
  balance: '0',
  met: false,
  ...fields,
});

const holder: ServerRule = {
  role: 'holder',
  description: 'Holds at least 5 SGL',
  logic: 'ANY',
  granted: false,
  requirements: [requirement({ balance: ether('2'), minBalance: ether('5') })],
};
const member: ServerRule = {
  role: 'member',
  description: null,
  logic: 'ALL',
  granted: true,
  requirements: [
    requirement({ type: 'ERC721', contract: nft, balance: '1', minBalance: '1', met: true }),
    requirement({
      type: 'ERC1155',
      contract: nft,
      tokenId: '7',
      balance: '3',
      minBalance: '2',
      met: true,
    }),
  ],
};
const friend: ServerRule = {
  role: 'friend',
  description: null,
  logic: 'ANY',
  granted: true,
  requirements: [
    requirement({ type: 'ALLOWLIST', chainId: null, contract: null, balance: '1', met: true }),
    requirement({
      type: 'NATIVE',
      contract: null,
      balance: '250000000000000000',
      minBalance: ether('1'),
    }),
  ],
};

const refusal = (code: string, extensions: Record<string, unknown> = {}) =>
  new GraphQLError(code, { extensions: { code, ...extensions } });

/** ERC-20 `decimals()` and `symbol()` on the fixture's chain: SGL answers, `silent` does not. */
function answerChain(method: string, params: unknown[]): unknown {
  if (method === 'eth_chainId') return '0x7a69';
  if (method !== 'eth_call') throw new Error(`unexpected ${method}`);
  const [call] = params as [{ to: string; data: string }];
  if (call.to.toLowerCase() !== sgl.toLowerCase())
    throw new JsonRpcAnswerError(3, 'execution reverted');
  if (call.data.startsWith('0x313ce567')) return encodeAbiParameters([{ type: 'uint8' }], [18]);
  if (call.data.startsWith('0x95d89b41')) return encodeAbiParameters([{ type: 'string' }], ['SGL']);
  throw new Error(`unexpected call ${call.data}`);
}

/**
 * The section against the real schema: `me` and `refreshAccess` are answered from
 * `server`, events arrive through a mock subscription link, and token facts come from
 * a local JSON-RPC endpoint, the only one the fixture's chain is configured with.
 */
function setUp({
  rpc,
  report,
  roles = report.rules.filter((rule) => rule.granted).map((rule) => rule.role),
  refreshAccess,
}: {
  rpc: JsonRpcServer;
  report: ServerReport;
  roles?: string[];
  refreshAccess?: () => ServerReport | Promise<ServerReport>;
}) {
  const server = { report, roles };
  const fetch = createSchemaFetch({
    rootValue: {
      me: () => ({ id: 'acc-1', roles: server.roles, access: server.report }),
      refreshAccess: () => (refreshAccess ? refreshAccess() : server.report),
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
  const WithWagmi = wagmiWrapper(wagmiTestConfig(rpc.url));
  const config = runtimeConfigFixture();
  config.chains[0].rpcUrl = rpc.url;
  const session: Session = {
    status: 'authenticated',
    account: { id: 'acc-1', address: first, wallets: [] },
    refresh: () => {},
    signOut: async () => {},
    linking: false,
    setLinking: () => {},
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeConfigContext.Provider value={config}>
      <WithWagmi>
        <ApolloProvider client={client}>
          <SessionContext.Provider value={session}>
            <AccountEventsProvider>{children}</AccountEventsProvider>
          </SessionContext.Provider>
        </ApolloProvider>
      </WithWagmi>
    </RuntimeConfigContext.Provider>
  );
  render(<AccessSection />, { wrapper });
  return {
    server,
    client,
    operations: (name: string) => fetch.operations.filter((op) => op.operationName === name),
    push: (event: AccountEvent) =>
      act(() => events.simulateResult({ result: { data: { accountEvents: event } } })),
  };
}

const section = () => screen.findByRole('region', { name: 'Access' });
const rule = (role: string) => {
  const found = screen.getAllByTestId('access-rule').find((item) => item.dataset.role === role);
  if (!found) throw new Error(`no rule ${role}`);
  return found;
};
/** Each requirement as its lines read: verdict, what, amount, where. */
const requirementTexts = (role: string) =>
  within(rule(role))
    .getAllByTestId('requirement')
    .map((item) =>
      ['verdict', 'what', 'amount', 'where']
        .map((part) => item.querySelector(`.requirement-${part}`)?.textContent)
        .filter((line) => line !== undefined)
        .join(' | '),
    );

describe('the Access section', () => {
  let rpc: JsonRpcServer;
  beforeEach(async () => {
    rpc = await startJsonRpcServer(answerChain);
  });
  afterEach(() => rpc.close());

  it('shows each role, granted or not in words, with its description and logic', async () => {
    setUp({
      rpc,
      report: { checkedAt: minutesAgo(2), stale: false, rules: [holder, member, friend] },
    });
    await section();
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(['holder', 'member', 'friend']);
    expect(rule('holder').textContent).toContain('Not granted');
    expect(rule('holder').textContent).toContain('Holds at least 5 SGL');
    expect(rule('holder').textContent).toContain('Needs:');
    expect(within(rule('member')).getByText('Granted').className).toContain('tag-granted');
    expect(rule('member').textContent).toContain('Needs all of:');
    expect(rule('friend').textContent).toContain('Needs any one of:');
    expect(screen.getByTestId('access-checked-at').textContent).toBe('Checked 2 minutes ago.');
    expect(screen.queryByTestId('access-stale')).toBeNull();
  });

  it("says each requirement's balance against the minimum, in the token's decimals and symbol read from its chain", async () => {
    setUp({
      rpc,
      report: { checkedAt: minutesAgo(2), stale: false, rules: [holder, member, friend] },
    });
    await section();
    await waitFor(() =>
      expect(requirementTexts('holder')).toEqual([
        'Not met | SGL (ERC-20) | 2 of 5 SGL — 3 more needed | on Hardhat · 0x5FbD…0aa3',
      ]),
    );
    expect(requirementTexts('member')).toEqual([
      'Met | An NFT (ERC-721) | 1 token held, at least 1 needed | on Hardhat · 0x9fE4…a6e0',
      'Met | Token #7 (ERC-1155) | 3 tokens held, at least 2 needed | on Hardhat · 0x9fE4…a6e0',
    ]);
    expect(requirementTexts('friend')).toEqual([
      'Met | The allowlist | On the list',
      'Not met | ETH | 0.25 of 1 ETH — 0.75 more needed | on Hardhat',
    ]);
    // The chain was asked through the configured endpoint only.
    expect(rpc.bodies.length).toBeGreaterThan(0);
  });

  it('keeps an ERC-20 amount in base units when its contract does not say its decimals', async () => {
    const quiet: ServerRule = {
      ...holder,
      requirements: [requirement({ contract: silent, balance: '2', minBalance: '5' })],
    };
    setUp({ rpc, report: { checkedAt: minutesAgo(2), stale: false, rules: [quiet] } });
    await section();
    await waitFor(() =>
      expect(requirementTexts('holder')).toEqual([
        'Not met | A token (ERC-20) | 2 of 5 base units — 3 more needed | on Hardhat · 0xe7f1…0512',
      ]),
    );
  });

  it('says when some chains did not answer', async () => {
    setUp({ rpc, report: { checkedAt: minutesAgo(10), stale: true, rules: [friend] } });
    await section();
    expect(screen.getByTestId('access-stale').textContent).toBe(
      'Some chains did not answer; showing the last known balances.',
    );
  });

  it('lists the roles given by an administrator plainly, apart from the rules', async () => {
    setUp({
      rpc,
      report: { checkedAt: minutesAgo(1), stale: false, rules: [friend] },
      roles: ['admin', 'friend', 'moderator'],
    });
    await section();
    expect(screen.getByTestId('access-other-roles').textContent).toBe(
      'Also yours, given by an administrator: admin, moderator.',
    );
  });

  it('shows only the roles given by an administrator when there are no rules', async () => {
    setUp({ rpc, report: { checkedAt: null, stale: false, rules: [] }, roles: ['admin'] });
    await section();
    expect(screen.getByTestId('access-other-roles').textContent).toBe(
      'Your roles, given by an administrator: admin.',
    );
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it('stays hidden when there are no rules and no roles', async () => {
    const { client } = setUp({
      rpc,
      report: { checkedAt: null, stale: false, rules: [] },
      roles: [],
    });
    await waitFor(() =>
      expect(client.readQuery({ query: AccountAccessDocument })?.me?.roles).toEqual([]),
    );
    // The answer is in the cache; let React render it.
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Access' })).toBeNull();
  });

  it('checks again on request: busy while the chains are read, then the new report', async () => {
    let answer: (report: ServerReport) => void = () => {};
    const { server, operations } = setUp({
      rpc,
      report: { checkedAt: minutesAgo(5), stale: true, rules: [holder] },
      refreshAccess: () =>
        new Promise<ServerReport>((resolve) => {
          answer = resolve;
        }),
    });
    await section();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    const busy = await screen.findByRole('button', { name: 'Checking…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.getAttribute('aria-busy')).toBe('true');

    server.report = {
      checkedAt: new Date().toISOString(),
      stale: false,
      rules: [
        {
          ...holder,
          granted: true,
          requirements: [requirement({ balance: ether('6'), minBalance: ether('5'), met: true })],
        },
      ],
    };
    act(() => answer(server.report));
    await waitFor(() => expect(rule('holder').dataset.granted).toBe('true'));
    expect(rule('holder').textContent).toContain('Granted');
    expect(screen.getByTestId('access-checked-at').textContent).toBe('Checked just now.');
    expect(screen.queryByTestId('access-stale')).toBeNull();
    expect(screen.getByRole('button', { name: 'Check again' })).toHaveProperty('disabled', false);
    expect(operations('RefreshAccess')).toHaveLength(1);
  });

  it('says when to check again after RATE_LIMITED', async () => {
    setUp({
      rpc,
      report: { checkedAt: minutesAgo(1), stale: false, rules: [holder] },
      refreshAccess: () => {
        throw refusal('RATE_LIMITED', { retryAfterSeconds: 42 });
      },
    });
    await section();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    const error = await screen.findByTestId('access-error');
    const wait = error.textContent?.match(
      /^Too many checks from this connection\. Try again in (\d+) seconds?\.$/,
    );
    // Counting down from the server's 42 seconds.
    expect(Number(wait?.[1])).toBeGreaterThan(0);
    expect(Number(wait?.[1])).toBeLessThanOrEqual(42);
    expect(screen.getByRole('button', { name: 'Check again' })).toHaveProperty('disabled', true);
  });

  it('says when a check failed for another reason, and lets the person try again', async () => {
    setUp({
      rpc,
      report: { checkedAt: minutesAgo(1), stale: false, rules: [holder] },
      refreshAccess: () => {
        throw refusal('INTERNAL_SERVER_ERROR');
      },
    });
    await section();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect((await screen.findByTestId('access-error')).textContent).toBe(
      'The chains could not be checked just now. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Check again' })).toHaveProperty('disabled', false);
  });

  it('updates live when the roles change elsewhere (ROLES_CHANGED)', async () => {
    const { server, push, operations } = setUp({
      rpc,
      report: { checkedAt: minutesAgo(3), stale: false, rules: [holder] },
    });
    await section();
    expect(rule('holder').dataset.granted).toBe('false');
    server.report = {
      checkedAt: new Date().toISOString(),
      stale: false,
      rules: [
        {
          ...holder,
          granted: true,
          requirements: [requirement({ balance: ether('5'), minBalance: ether('5'), met: true })],
        },
      ],
    };
    server.roles = ['holder'];
    push({
      __typename: 'AccountEvent',
      type: 'ROLES_CHANGED',
      at: new Date().toISOString(),
      actor: 'RULES_CHECK',
      session: {
        __typename: 'Session',
        method: 'WALLET' as const,
        passkey: null,
        id: 'ses-1',
        current: true,
        createdAt: minutesAgo(60),
        lastSeenAt: minutesAgo(1),
        expiresAt: minutesAgo(-60),
        chainId: 31337,
        chain: 'eip155:31337',
        userAgent: null,
        address: first,
      },
      wallet: null,
      app: null,
    });
    await waitFor(() => expect(rule('holder').dataset.granted).toBe('true'));
    await waitFor(() =>
      expect(requirementTexts('holder')).toEqual([
        'Met | SGL (ERC-20) | 5 SGL held, at least 5 needed | on Hardhat · 0x5FbD…0aa3',
      ]),
    );
    expect(operations('RefreshAccess')).toEqual([]);
    // One read on opening, one for the event: the event is not answered again on each render.
    expect(operations('AccountAccess')).toHaveLength(2);
  });
});
