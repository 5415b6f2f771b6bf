import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAvailable } from '../../../testing/services.js';
import { errorCode, TestClient } from '../support/graphql-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const ATTEMPTS = 30;

/**
 * One signed message sent 30 times at once, each from its own client, as an
 * attacker who captured it would: the nonce is consumed atomically, so exactly
 * one request signs in and the database holds exactly one session.
 */
describe.each([
  { database: 'sqlite' as const, available: true },
  { database: 'postgres' as const, available: await serviceAvailable('PostgreSQL') },
])('replay race on $database', ({ database, available }) => {
  describe.skipIf(!available)(database, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({ database });
    });
    afterAll(() => server?.close());

    it(`gives ${ATTEMPTS} concurrent signIn calls with one signed message exactly one session`, async () => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const message = await new TestClient(server).prepareMessage(wallet, {
        issuedAt: new Date(server.clock()).toISOString(),
      });
      const signature = await wallet.signMessage({ message });

      const clients = Array.from({ length: ATTEMPTS }, () => new TestClient(server));
      const results = await Promise.all(clients.map((client) => client.signIn(message, signature)));

      const winners = results.filter((result) => result.data?.signIn);
      expect(winners).toHaveLength(1);
      expect(results.map(errorCode).filter((code) => code === 'INVALID_NONCE')).toHaveLength(
        ATTEMPTS - 1,
      );
      expect(clients.filter((client) => client.cookie)).toHaveLength(1);

      const accountId = winners[0]?.data?.signIn.account.id ?? '';
      const { db } = server.services;
      const sessions = await db
        .selectFrom('sessions')
        .select('id')
        .where('account_id', '=', accountId)
        .execute();
      expect(sessions).toEqual([{ id: winners[0]?.data?.signIn.session.id }]);
      const signIns = await db
        .selectFrom('sign_ins')
        .select('id')
        .where('account_id', '=', accountId)
        .execute();
      expect(signIns).toHaveLength(1);
    });
  });
});
