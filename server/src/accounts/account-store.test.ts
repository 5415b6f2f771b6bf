import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/each-database.js';
import { findAccountById, findOrCreateAccountForWallet } from './account-store.js';
import { type VerifiedWalletKind, walletIdentity } from './wallet-identity.js';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);
const identity = (address: string, chainId = 31337, verifiedAs: VerifiedWalletKind = 'EOA') =>
  walletIdentity({ address, chainId, verifiedAs });

describeEachDatabase('account store', (database) => {
  describe('accounts', () => {
    it('finds the account it created for a wallet, unchanged, on every later call', async () => {
      const address = randomAddress();
      const created = await findOrCreateAccountForWallet(database.store.db, {
        identity: identity(address),
        now: T0,
      });
      expect(created.account).toMatchObject({ address, created_at: T0 });
      expect(created.wallet).toMatchObject({ address, kind: 'EOA', chain_id: null });
      expect(created.created).toBe(true);
      const again = await findOrCreateAccountForWallet(database.store.db, {
        identity: identity(address),
        now: T0 + 5000,
      });
      expect(again).toEqual({ ...created, created: false });
      expect(await findAccountById(database.store.db, created.account.id)).toEqual(created.account);
    });

    it('opens one account for an EOA whatever the chain of its message', async () => {
      const address = randomAddress();
      const chains = [1, 137, 8453, 11155111];
      const found = await Promise.all(
        chains.map((chainId) =>
          findOrCreateAccountForWallet(database.store.db, {
            identity: identity(address, chainId),
            now: T0,
          }),
        ),
      );
      expect(new Set(found.map(({ account }) => account.id)).size).toBe(1);
    });

    it('opens a contract wallet only on its own chain: the same address elsewhere is another account', async () => {
      const address = randomAddress();
      const onA = await findOrCreateAccountForWallet(database.store.db, {
        identity: identity(address, 31337, 'CONTRACT'),
        now: T0,
      });
      const onB = await findOrCreateAccountForWallet(database.store.db, {
        identity: identity(address, 11155111, 'CONTRACT'),
        now: T0,
      });
      expect(onB.account.id).not.toBe(onA.account.id);
      expect(onA.wallet).toMatchObject({ kind: 'CONTRACT', chain_id: 31337 });
      expect(onB.wallet).toMatchObject({ kind: 'CONTRACT', chain_id: 11155111 });
      // Both accounts show the same address; only the chain tells them apart.
      expect(onA.account.address).toBe(address);
      expect(onB.account.address).toBe(address);

      // A counterfactual wallet is the same identity once deployed on that chain.
      const deployed = await findOrCreateAccountForWallet(database.store.db, {
        identity: identity(address, 31337, 'COUNTERFACTUAL'),
        now: T0,
      });
      expect(deployed.account.id).toBe(onA.account.id);
      // An EOA signature for the address is the key itself: not the contract's identity.
      const asEoa = await findOrCreateAccountForWallet(database.store.db, {
        identity: identity(address, 31337, 'EOA'),
        now: T0,
      });
      expect(asEoa.account.id).not.toBe(onA.account.id);
    });

    it('creates one account for a wallet under 20 concurrent first sign-ins', async () => {
      const address = randomAddress();
      // A time no other test creates accounts at, so the rows below are this test's.
      const at = T0 + 7_000_000;
      const found = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          findOrCreateAccountForWallet(database.store.db, {
            identity: identity(address, 31337, 'CONTRACT'),
            now: at + i,
          }),
        ),
      );
      expect(new Set(found.map(({ account }) => account.id)).size).toBe(1);
      const wallets = await database.store.db
        .selectFrom('wallets')
        .selectAll()
        .where('address', '=', address)
        .execute();
      expect(wallets).toHaveLength(1);
      expect(wallets[0]?.account_id).toBe(found[0]?.account.id);
      const accounts = await database.store.db
        .selectFrom('accounts')
        .select('id')
        .where('created_at', '>=', at)
        .where('created_at', '<', at + 20)
        .execute();
      // The losers' account rows went with their conflict.
      expect(accounts.filter(({ id }) => id === found[0]?.account.id)).toHaveLength(1);
      expect(accounts.filter(({ id }) => !found.some(({ account }) => account.id === id))).toEqual(
        [],
      );
    });
  });
});
