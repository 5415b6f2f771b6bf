import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/each-database.js';
import { findOrCreateAccountForWallet } from './account-store.js';
import { listSignIns, recordSignIn } from './sign-in-store.js';
import { walletIdentity } from './wallet-identity.js';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);
const identity = (address: string) =>
  walletIdentity({ address, chainId: 31337, verifiedAs: 'EOA' });

describeEachDatabase('sign-in store', (database) => {
  describe('sign-ins', () => {
    const record = (
      accountId: string,
      at: number,
      fields: { message?: string; signature?: string } = {},
    ) =>
      recordSignIn(database.store.db, {
        account_id: accountId,
        session_id: crypto.randomUUID(),
        address: randomAddress(),
        chain_id: 31337,
        wallet_kind: 'EOA',
        message: fields.message ?? `message at ${at}`,
        signature: fields.signature ?? `0x${'ab'.repeat(65)}`,
        user_agent: null,
        at,
      });

    it('keeps the message and signature verbatim, so a sign-in can be re-verified later', async () => {
      const { account } = await findOrCreateAccountForWallet(database.store.db, {
        identity: identity(randomAddress()),
        now: T0,
      });
      // Line breaks, trailing spaces and non-ASCII are what a naive store would mangle.
      const message = `localhost wants you to sign in with your Ethereum account:\r\n${account.address}\n\nSign in — ☀️ ünïcode  \n\nNonce: abcdef0123456789`;
      const signature = `0x${'Ab'.repeat(32)}${'cD'.repeat(33)}${'00'.repeat(200)}`;
      const id = await record(account.id, T0, { message, signature });

      const row = await database.store.db
        .selectFrom('sign_ins')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.message).toBe(message);
      expect(row.signature).toBe(signature);
    });

    it("pages an account's sign-ins newest first and says whether more follow", async () => {
      const newAccountId = async () =>
        (
          await findOrCreateAccountForWallet(database.store.db, {
            identity: identity(randomAddress()),
            now: T0,
          })
        ).account.id;
      const account = { id: await newAccountId() };
      const other = { id: await newAccountId() };
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push(await record(account.id, T0 + i * 1000));
        await record(other.id, T0 + i * 1000);
      }
      const newestFirst = [...ids].reverse();

      const page1 = await listSignIns(database.store.db, { accountId: account.id, first: 2 });
      expect(page1.rows.map((row) => row.id)).toEqual(newestFirst.slice(0, 2));
      expect(page1.hasNextPage).toBe(true);

      const page2 = await listSignIns(database.store.db, {
        accountId: account.id,
        first: 2,
        afterSeq: page1.rows[1]?.seq,
      });
      expect(page2.rows.map((row) => row.id)).toEqual(newestFirst.slice(2, 4));
      expect(page2.hasNextPage).toBe(true);

      const page3 = await listSignIns(database.store.db, {
        accountId: account.id,
        first: 2,
        afterSeq: page2.rows[1]?.seq,
      });
      expect(page3.rows.map((row) => row.id)).toEqual(newestFirst.slice(4));
      expect(page3.hasNextPage).toBe(false);

      const exact = await listSignIns(database.store.db, { accountId: account.id, first: 5 });
      expect(exact.rows).toHaveLength(5);
      expect(exact.hasNextPage).toBe(false);
      expect(typeof exact.rows[0]?.seq).toBe('number');
    });
  });
});
