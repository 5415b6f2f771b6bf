import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGraphqlClient } from '../graphql/create-graphql-client';
import { AccountPageDocument, MeDocument } from '../graphql/generated/graphql';
import { createSchemaFetch } from '../test/schema-fetch';
import { createSessionActions } from './create-session-actions';

const alice = {
  __typename: 'Account' as const,
  id: 'a',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const,
  wallets: [],
};
const bob = {
  __typename: 'Account' as const,
  id: 'b',
  address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const,
  wallets: [],
};
const prefix = 'sigil:apollo-cache:';

function setUp(networkFails?: (operationName: string) => boolean) {
  let signOuts = 0;
  const fetch = createSchemaFetch({
    rootValue: {
      signOut: () => {
        signOuts += 1;
        return true;
      },
    },
    ...(networkFails ? { networkFails } : {}),
  });
  const graphql = createGraphqlClient({ fetch, wsUrl: 'ws://127.0.0.1:9/graphql' });
  const restart = vi.spyOn(graphql.subscriptions, 'restart');
  const actions = createSessionActions(graphql);
  return { graphql, actions, restart, signOuts: () => signOuts };
}

function storedSnapshots() {
  return Object.keys(localStorage).filter((key) => key.startsWith(prefix));
}

function writeAccountPage(graphql: ReturnType<typeof setUp>['graphql']) {
  graphql.apollo.cache.writeQuery({
    query: AccountPageDocument,
    data: {
      me: {
        ...alice,
        createdAt: '2026-01-01T00:00:00.000Z',
        wallets: [],
        sessions: [],
        signIns: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } },
      },
    },
  });
}

describe('createSessionActions', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records a sign-in: `me` is the account, the cache is its own, the socket reopens', async () => {
    const { graphql, actions, restart } = setUp();
    await actions.completeSignIn(alice);
    expect(graphql.apollo.cache.readQuery({ query: MeDocument })?.me).toEqual(alice);
    expect(graphql.accountCache.owner).toBe(alice.id);
    expect(restart).toHaveBeenCalledOnce();
  });

  it("drops the previous account's data when another account signs in", async () => {
    const { graphql, actions } = setUp();
    await actions.completeSignIn(alice);
    writeAccountPage(graphql);
    await actions.completeSignIn(bob);
    expect(graphql.apollo.cache.readQuery({ query: AccountPageDocument })).toBeNull();
    expect(graphql.apollo.cache.readQuery({ query: MeDocument })?.me).toEqual(bob);
  });

  it('keeps the cache when the same account comes back with another primary address', async () => {
    const { graphql, actions } = setUp();
    await actions.completeSignIn(alice);
    writeAccountPage(graphql);
    await actions.completeSignIn({ ...alice, address: bob.address });
    expect(graphql.apollo.cache.readQuery({ query: AccountPageDocument })?.me?.id).toBe(alice.id);
    expect(graphql.accountCache.owner).toBe(alice.id);
  });

  it('signs out on the server, then purges the persisted and in-memory cache', async () => {
    vi.useFakeTimers();
    const { graphql, actions, restart, signOuts } = setUp();
    await actions.completeSignIn(alice);
    writeAccountPage(graphql);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(storedSnapshots()).toHaveLength(1);

    await actions.signOut();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(signOuts()).toBe(1);
    expect(storedSnapshots()).toEqual([]);
    expect(JSON.stringify(graphql.apollo.cache.extract())).not.toContain(alice.address);
    expect(graphql.apollo.cache.readQuery({ query: MeDocument })).toEqual({ me: null });
    expect(restart).toHaveBeenCalledTimes(2);
  });

  it('still forgets everything locally when the server cannot be reached', async () => {
    vi.useFakeTimers();
    const { graphql, actions } = setUp((name) => name === 'SignOut');
    await actions.completeSignIn(alice);
    writeAccountPage(graphql);
    const signingOut = actions.signOut();
    await vi.runAllTimersAsync();
    await signingOut;
    expect(storedSnapshots()).toEqual([]);
    expect(JSON.stringify(graphql.apollo.cache.extract())).not.toContain(alice.address);
    expect(graphql.apollo.cache.readQuery({ query: MeDocument })).toEqual({ me: null });
  });

  it('shares one sign-out between callers that ask at the same time', async () => {
    const { actions, signOuts } = setUp();
    await Promise.all([actions.signOut(), actions.signOut(), actions.signOut()]);
    expect(signOuts()).toBe(1);
  });
});
