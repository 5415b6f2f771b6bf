import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockAccount } from '../../src/accounts/suspension-store.js';
import { graphql } from '../generated/index.js';
import { databaseBackends } from '../support/each-database.js';
import { errorCode, TestClient } from '../support/graphql-client.js';
import { newKey } from '../support/profile-requests.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const LINK_STATEMENT = graphql(`
  query LinkSuspensionOrderLinkStatement {
    me { linkStatement }
  }
`);

/**
 * A link is ordered against a suspension as a sign-in is (docs/architecture.md,
 * "The path of a change"): both take the account's lock in their transaction,
 * so a link that starts while a suspension is being written waits for it and
 * then sees it. Only PostgreSQL has transactions that run side by side; on
 * SQLite the one connection orders every transaction already.
 */
const postgres = databaseBackends.find((backend) => backend.kind === 'postgres');

const LINK =
  'mutation($m: String!, $s: String!) { linkWallet(message: $m, signature: $s) { address } }';

describe.skipIf(!postgres?.available)('a link and a suspension on PostgreSQL', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: 'postgres' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a link made while a suspension is uncommitted waits for it, then is refused', async () => {
    const linkerKey = newKey();
    const client = new TestClient(server);
    const signedIn = await client.signInAs(linkerKey, {
      issuedAt: new Date(server.clock()).toISOString(),
    });
    const accountId = signedIn.data?.signIn.account.id;
    if (!accountId) throw new Error(JSON.stringify(signedIn.errors));
    const statement = (await client.request(LINK_STATEMENT)).data?.me?.linkStatement;
    const wallet = newKey();
    const message = await client.prepareMessage(wallet, {
      ...(statement && { statement }),
      issuedAt: new Date(server.clock()).toISOString(),
    });
    const signature = await wallet.signMessage({ message });

    let linked: ReturnType<typeof client.request> | undefined;
    // An administrator's suspension, as suspend-account.ts writes it: the lock, then the row.
    await server.services.db.transaction().execute(async (trx) => {
      await lockAccount(trx, accountId);
      await trx
        .insertInto('suspensions')
        .values({
          account_id: accountId,
          reason: 'ordered',
          at: server.clock(),
          until: null,
          by: null,
        })
        .execute();
      const { rows } = await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(
        trx,
      );
      const xid = rows[0]?.xid;
      linked = client.request(LINK, { m: message, s: signature });
      // The link is waiting on this transaction's lock (a positive, looked for until seen).
      await expect
        .poll(
          async () => {
            const waiting = await sql<{ n: number }>`
              select count(*)::int as n from pg_locks
              where not granted and locktype = 'transactionid' and transactionid::text = ${xid}`.execute(
              server.services.db,
            );
            return waiting.rows[0]?.n;
          },
          { timeout: 20_000, interval: 20 },
        )
        .toBe(1);
      // Returning commits the suspension; the link goes on from here.
    });
    if (!linked) throw new Error('the link was not sent');
    const result = await linked;
    expect(errorCode(result)).toBe('ACCOUNT_SUSPENDED');
    const wallets = await server.services.db
      .selectFrom('wallets')
      .select('address')
      .where('account_id', '=', accountId)
      .execute();
    expect(wallets.map((w) => w.address)).not.toContain(wallet.address);
  });
});
