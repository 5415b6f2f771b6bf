import { InMemoryCache } from '@apollo/client';
import type { Address } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccountCacheStore } from './create-account-cache-store';
import { MeDocument } from './generated/graphql';

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const prefix = 'sigil:apollo-cache:';

function writeMe(cache: InMemoryCache, id: string, address: Address) {
  cache.writeQuery({
    query: MeDocument,
    data: { me: { __typename: 'Account', id, address, wallets: [] } },
  });
}

function readMe(cache: InMemoryCache) {
  return cache.readQuery({ query: MeDocument })?.me ?? null;
}

describe('createAccountCacheStore', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("persists the owner's cache under the owner's key, at most once a second", async () => {
    vi.useFakeTimers();
    const cache = new InMemoryCache();
    const store = createAccountCacheStore({ cache, storage: localStorage });
    await store.attach(alice);
    writeMe(cache, 'a', alice);
    await vi.advanceTimersByTimeAsync(999);
    expect(localStorage.getItem(`${prefix}${alice.toLowerCase()}`)).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(localStorage.getItem(`${prefix}${alice.toLowerCase()}`)).toContain(alice);
  });

  it("restores an account's own snapshot after a reload", async () => {
    vi.useFakeTimers();
    const before = new InMemoryCache();
    const storeBefore = createAccountCacheStore({ cache: before, storage: localStorage });
    await storeBefore.attach(alice);
    writeMe(before, 'a', alice);
    await vi.advanceTimersByTimeAsync(1_000);

    const after = new InMemoryCache();
    await createAccountCacheStore({ cache: after, storage: localStorage }).attach(alice);
    expect(readMe(after)).toEqual({ __typename: 'Account', id: 'a', address: alice, wallets: [] });
  });

  it("never restores another account's snapshot, and deletes it", async () => {
    localStorage.setItem(
      `${prefix}${alice.toLowerCase()}`,
      JSON.stringify({
        ROOT_QUERY: { __typename: 'Query', me: { __ref: 'Account:a' } },
        'Account:a': { __typename: 'Account', id: 'a', address: alice },
      }),
    );
    const cache = new InMemoryCache();
    const store = createAccountCacheStore({ cache, storage: localStorage });
    await store.attach(bob);
    expect(readMe(cache)).toBeNull();
    expect(cache.extract()).toEqual({});
    expect(localStorage.getItem(`${prefix}${alice.toLowerCase()}`)).toBeNull();
    expect(store.owner).toBe(bob);
  });

  it('empties the in-memory cache when another account takes over', async () => {
    const cache = new InMemoryCache();
    const store = createAccountCacheStore({ cache, storage: localStorage });
    await store.attach(alice);
    writeMe(cache, 'a', alice);
    await store.attach(bob);
    expect(readMe(cache)).toBeNull();
  });

  it('purges every stored snapshot and the in-memory cache', async () => {
    vi.useFakeTimers();
    const cache = new InMemoryCache();
    const store = createAccountCacheStore({ cache, storage: localStorage });
    localStorage.setItem('unrelated', 'kept');
    await store.attach(alice);
    writeMe(cache, 'a', alice);
    await vi.advanceTimersByTimeAsync(1_000);

    await store.purge();
    expect(cache.extract()).toEqual({});
    expect(Object.keys(localStorage).filter((key) => key.startsWith(prefix))).toEqual([]);
    expect(localStorage.getItem('unrelated')).toBe('kept');
    expect(store.owner).toBeNull();
  });

  it('stops persisting after a purge, even a write already scheduled', async () => {
    vi.useFakeTimers();
    const cache = new InMemoryCache();
    const store = createAccountCacheStore({ cache, storage: localStorage });
    await store.attach(alice);
    writeMe(cache, 'a', alice);
    await store.purge();
    writeMe(cache, 'a', alice);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(Object.keys(localStorage).filter((key) => key.startsWith(prefix))).toEqual([]);
  });

  it('starts empty when the stored snapshot is unreadable', async () => {
    localStorage.setItem(`${prefix}${alice.toLowerCase()}`, '{not json');
    const cache = new InMemoryCache();
    await createAccountCacheStore({ cache, storage: localStorage }).attach(alice);
    expect(cache.extract()).toEqual({});
    expect(localStorage.getItem(`${prefix}${alice.toLowerCase()}`)).toBeNull();
  });
});
