import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/index.js';
import { testAccount } from './graphql-client.js';
import { signedIn } from './signed-in.js';
import { startTestServer, type TestServer } from './test-server.js';

const ME = graphql(`
  query SignedInMe {
    me { id address sessions { id current } }
  }
`);

describe('signedIn', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('answers a client whose session the server knows, after the clock moved', async () => {
    server.clock.advance(3_600_000);
    const { client, accountId, sessionId, setCookie } = await signedIn(server, 1);
    const me = await client.request(ME);
    expect(me.data?.me).toMatchObject({
      id: accountId,
      address: testAccount(1).address,
      sessions: [{ id: sessionId, current: true }],
    });
    expect(setCookie).toContain('=');
  });

  it('throws with the server’s errors when the sign-in is refused', async () => {
    await expect(signedIn(server, 0, { fields: { chainId: 999_999 } })).rejects.toThrow(
      /UNSUPPORTED_CHAIN/,
    );
  });
});
