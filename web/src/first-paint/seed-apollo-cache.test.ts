import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGraphqlClient } from '../graphql/create-graphql-client';
import { MeDocument } from '../graphql/generated/graphql';

// request-me.ts keeps one request per page load: each test is a page load of its own.
beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

async function pageLoad(answer: () => Promise<Response>) {
  const fetch = vi.fn(answer);
  vi.stubGlobal('fetch', fetch);
  const { requestMe } = await import('./request-me');
  const { seedApolloCache } = await import('./seed-apollo-cache');
  const graphql = createGraphqlClient({ wsUrl: 'ws://127.0.0.1:9/graphql' });
  return { fetch, requestMe, seedApolloCache, graphql };
}

describe('seedApolloCache', () => {
  it("writes this page load's `me` into Apollo's cache once it has answered, and says so", async () => {
    const { fetch, requestMe, seedApolloCache, graphql } = await pageLoad(async () =>
      Response.json({ data: { me: null } }),
    );
    // Not asked yet: the app must not wait for it, nor start from a guess.
    expect(await seedApolloCache(graphql, '/')).toEqual({ me: false });
    expect(graphql.apollo.readQuery({ query: MeDocument })).toBeNull();

    await requestMe();
    expect(await seedApolloCache(graphql, '/')).toEqual({ me: true });
    expect(graphql.apollo.readQuery({ query: MeDocument })).toEqual({ me: null });
    // One request, with the session cookie, of the printed Me operation.
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(init.credentials).toBe('same-origin');
    expect(JSON.parse(String(init.body))).toMatchObject({ operationName: 'Me', variables: {} });
  });

  it('leaves the cache to Apollo when `me` failed', async () => {
    const { requestMe, seedApolloCache, graphql } = await pageLoad(async () =>
      Response.json({ errors: [{ message: 'no' }] }, { status: 500 }),
    );
    expect(await requestMe()).toBeUndefined();
    expect(await seedApolloCache(graphql, '/')).toEqual({ me: false });
    expect(graphql.apollo.readQuery({ query: MeDocument })).toBeNull();
  });
});
