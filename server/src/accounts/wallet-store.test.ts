import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/each-database.js';
import { WalletAlreadyLinkedError, WalletLimitReachedError } from '../errors.js';
import type { Db } from '../store/database.js';
import { findOrCreateAccountForWallet } from './account-store.js';
import { walletIdentity } from './wallet-identity.js';
import { linkWalletToAccount } from './wallet-store.js';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);
const eoa = (address = randomAddress()) =>
  walletIdentity({ address, chainId: 31337, verifiedAs: 'EOA' });
const PROOF = {
  message: 'a message',
  signature: '0x00',
  chainId: 31337,
  chain: 'eip155:31337',
  at: T0,
};

async function countWallets(db: Db, accountId: string): Promise<number> {
  const rows = await db
    .selectFrom('wallets')
    .select('id')
    .where('account_id', '=', accountId)
    .execute();
  return rows.length;
}

/** PostgreSQL's id of the transaction `trx` runs in. */
async function transactionId(trx: Db): Promise<string> {
  const { rows } = await sql<{
    xid: string;
  }>`select xid(pg_current_xact_id())::text as xid`.execute(trx);
  return rows[0]?.xid ?? '';
}

/** Resolves once another transaction waits for transaction `xid` to end (a lock it holds). */
async function someoneWaitsFor(db: Db, xid: string): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_locks
      where locktype = 'transactionid' and not granted and transactionid::text = ${xid}`.execute(
      db,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describeEachDatabase('wallet store', (database) => {
  describe('the wallet cap (MAX_WALLETS_PER_ACCOUNT)', () => {
    const link = (db: Db, accountId: string, maxWallets: number, identity = eoa()) =>
      linkWalletToAccount(db, {
        accountId,
        identity,
        proof: PROOF,
        now: T0,
        maxWallets,
        dialect: database.backend.kind,
      });

    async function newAccount() {
      const { account } = await findOrCreateAccountForWallet(database.store.db, {
        identity: eoa(),
        now: T0,
      });
      return account.id;
    }

    it('links up to the cap, then refuses with the limit, and a wallet already held is still answered', async () => {
      const db = database.store.db;
      const accountId = await newAccount();
      const second = eoa();
      await link(db, accountId, 3, second);
      await link(db, accountId, 3);
      const refusal = await link(db, accountId, 3).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(WalletLimitReachedError);
      expect((refusal as WalletLimitReachedError).details).toEqual({ limit: 3 });
      expect(await countWallets(db, accountId)).toBe(3);
      // Linking a wallet the account holds adds nothing: it only renews its proof.
      expect((await link(db, accountId, 3, second)).linked).toBe(false);
    });

    it('lets an account above the cap keep its wallets', async () => {
      const db = database.store.db;
      const accountId = await newAccount();
      await link(db, accountId, 5);
      await link(db, accountId, 5);
      await expect(link(db, accountId, 2)).rejects.toBeInstanceOf(WalletLimitReachedError);
      expect(await countWallets(db, accountId)).toBe(3);
    });

    it("refuses another account's wallet with WALLET_ALREADY_LINKED even at the cap", async () => {
      const db = database.store.db;
      const owned = eoa();
      await link(db, await newAccount(), 5, owned);
      await expect(link(db, await newAccount(), 1, owned)).rejects.toBeInstanceOf(
        WalletAlreadyLinkedError,
      );
    });

    it('holds when a second link counts while the first is not yet committed', async () => {
      const db = database.store.db;
      const accountId = await newAccount();
      await link(db, accountId, 3);
      // The first link is inside its transaction, its wallet inserted, not committed.
      const first = await db.startTransaction().execute();
      await link(first, accountId, 3);
      const second = db
        .transaction()
        .execute((trx) => link(trx, accountId, 3))
        .then(
          () => 'linked',
          (error: unknown) => error,
        );
      if (database.backend.kind === 'postgres') {
        // Wait until the second link either finished or waits for the first:
        // without the lock it would count two committed wallets and insert a fourth.
        await Promise.race([second, someoneWaitsFor(db, await transactionId(first))]);
      }
      await first.commit().execute();
      expect(await second).toBeInstanceOf(WalletLimitReachedError);
      expect(await countWallets(db, accountId)).toBe(3);
    });
  });
});
