import { describe, expect, it } from 'vitest';
import { REDIS_URL, serviceAvailable } from '../../../testing/services.js';
import { ReadCache } from '../../src/store/read-cache.js';
import { readCacheOf } from '../../src/store/read-cache-registry.js';
import { graphql } from '../generated/index.js';
import { TestClient, testAccount } from '../support/graphql-client.js';
import { startTestServer } from '../support/test-server.js';

const ME = graphql(`
  query ReadCacheMe {
    me { address wallets { address } }
  }
`);

/**
 * The read cache in the running server: a session ended through the API is
 * refused on the very next request, and several instances (REDIS_URL) share
 * no cache. The cache itself is tested beside it (src/store/read-cache.test.ts).
 */
const redisAvailable = await serviceAvailable('Redis');

describe('the read cache in the running server', () => {
  it('refuses a session ended through the API on the very next request, after serving it from the cache', async () => {
    const server = await startTestServer();
    try {
      expect(readCacheOf(server.services.db)).toBeInstanceOf(ReadCache);
      const client = new TestClient(server);
      const signedIn = await client.signInAs(testAccount(0), {
        issuedAt: new Date(server.clock()).toISOString(),
      });
      expect(signedIn.errors).toBeUndefined();
      const first = await client.request(ME);
      expect(first.data?.me?.address).toBe(testAccount(0).address);
      // Served again (the cache holds it) until the sign-out writes.
      expect(readCacheOf(server.services.db)?.size).toBeGreaterThan(0);
      expect((await client.request(ME)).data?.me).toEqual(first.data?.me);
      const cookie = client.cookie;
      await client.request('mutation { signOut }');
      client.cookie = cookie;
      expect((await client.request(ME)).data?.me).toBeNull();
    } finally {
      await server.close();
    }
  });

  it.skipIf(!redisAvailable)(
    'does not cache with REDIS_URL: other instances end sessions too',
    async () => {
      const server = await startTestServer({ env: { REDIS_URL } });
      try {
        expect(readCacheOf(server.services.db)).toBeUndefined();
      } finally {
        await server.close();
      }
    },
  );
});
