import { createHash, randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/each-database.js';
import { findOrCreateAccountForWallet } from '../accounts/account-store.js';
import { walletIdentity } from '../accounts/wallet-identity.js';
import { linkWalletToAccount, makePrimaryWallet } from '../accounts/wallet-store.js';
import { isSessionLive } from './session-lifetimes.js';
import {
  createSession,
  endSession,
  findLiveSessionByToken,
  findLiveSessionWithAccount,
  listLiveSessions,
  touchSession,
} from './session-store.js';

const lifetimes = { maxAgeSeconds: 3600, idleTimeoutSeconds: 600 };
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);
const identity = (address: string) =>
  walletIdentity({ address, chainId: 31337, verifiedAs: 'EOA' });

describeEachDatabase('session store', (database) => {
  describe('sessions', () => {
    const newAccount = async () => {
      const { account, wallet } = await findOrCreateAccountForWallet(database.store.db, {
        identity: identity(randomAddress()),
        now: T0,
      });
      return { id: account.id, wallet };
    };
    const start = (account: { id: string; wallet: { id: string; address: string } }, now = T0) =>
      createSession(database.store.db, {
        accountId: account.id,
        wallet: account.wallet,
        chainId: 31337,
        userAgent: 'vitest',
        now,
        lifetimes,
      });

    it("finds a session with its account and the account's current primary address", async () => {
      const account = await newAccount();
      const { session, token } = await start(account);
      const found = await findLiveSessionWithAccount(database.store.db, {
        token,
        now: T0 + 1000,
        lifetimes,
      });
      expect(found).toEqual({
        session,
        account: { id: account.id, address: account.wallet.address, created_at: T0 },
      });
      const { wallet: second } = await linkWalletToAccount(database.store.db, {
        accountId: account.id,
        identity: identity(randomAddress()),
        proof: {
          message: 'a link message',
          signature: '0x00',
          chainId: 31337,
          chain: 'eip155:31337',
          at: T0 + 2000,
        },
        now: T0 + 2000,
        maxWallets: 20,
        dialect: database.backend.kind,
      });
      await makePrimaryWallet(database.store.db, second);
      const after = await findLiveSessionWithAccount(database.store.db, {
        token,
        now: T0 + 3000,
        lifetimes,
      });
      expect(after?.account.address).toBe(second.address);
      expect(
        await findLiveSessionWithAccount(database.store.db, {
          token: 'x'.repeat(43),
          now: T0,
          lifetimes,
        }),
      ).toBeUndefined();
    });

    it('finds a session by its token, and stores only the sha256 of the token', async () => {
      const account = await newAccount();
      const { session, token } = await start(account);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(
        await findLiveSessionByToken(database.store.db, { token, now: T0 + 1000, lifetimes }),
      ).toEqual(session);

      const row = await database.store.db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', session.id)
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(token);
    });

    it('finds nothing for a token it never issued', async () => {
      const token = randomBytes(32).toString('base64url');
      expect(
        await findLiveSessionByToken(database.store.db, { token, now: T0, lifetimes }),
      ).toBeUndefined();
    });

    it('ends a session that idles past the idle timeout, and activity keeps it alive', async () => {
      const account = await newAccount();
      const { session, token } = await start(account);
      const idleEnd = T0 + lifetimes.idleTimeoutSeconds * 1000;
      expect(isSessionLive(session, idleEnd - 1, lifetimes)).toBe(true);
      expect(isSessionLive(session, idleEnd, lifetimes)).toBe(false);
      expect(
        await findLiveSessionByToken(database.store.db, { token, now: idleEnd, lifetimes }),
      ).toBeUndefined();

      const touched = await touchSession(database.store.db, {
        session,
        now: idleEnd - 1000,
        resolutionMs: 60_000,
      });
      expect(isSessionLive(touched, idleEnd + 1000, lifetimes)).toBe(true);
      const found = await findLiveSessionByToken(database.store.db, {
        token,
        now: idleEnd + 1000,
        lifetimes,
      });
      expect(found?.last_seen_at).toBe(idleEnd - 1000);
    });

    it('ends a session at its absolute lifetime however active it is', async () => {
      const account = await newAccount();
      const { session, token } = await start(account);
      const absoluteEnd = T0 + lifetimes.maxAgeSeconds * 1000;
      expect(session.expires_at).toBe(absoluteEnd);
      let row = session;
      for (let now = T0 + 300_000; now < absoluteEnd; now += 300_000) {
        row = await touchSession(database.store.db, { session: row, now, resolutionMs: 60_000 });
      }
      expect(isSessionLive(row, absoluteEnd - 1, lifetimes)).toBe(true);
      expect(isSessionLive(row, absoluteEnd, lifetimes)).toBe(false);
      expect(
        await findLiveSessionByToken(database.store.db, { token, now: absoluteEnd - 1, lifetimes }),
      ).toMatchObject({ id: session.id });
      expect(
        await findLiveSessionByToken(database.store.db, { token, now: absoluteEnd, lifetimes }),
      ).toBeUndefined();
    });

    it('ends a session only for its own account, and only once', async () => {
      const owner = await newAccount();
      const stranger = await newAccount();
      const { session, token } = await start(owner);

      const byStranger = await endSession(database.store.db, {
        id: session.id,
        accountId: stranger.id,
        reason: 'REVOKED',
        now: T0 + 1000,
      });
      expect(byStranger).toBeUndefined();
      expect(
        await findLiveSessionByToken(database.store.db, { token, now: T0 + 1000, lifetimes }),
      ).toMatchObject({ id: session.id, ended_at: null });

      const byOwner = await endSession(database.store.db, {
        id: session.id,
        accountId: owner.id,
        reason: 'REVOKED',
        now: T0 + 2000,
      });
      expect(byOwner).toMatchObject({
        id: session.id,
        ended_at: T0 + 2000,
        end_reason: 'REVOKED',
      });
      expect(
        await findLiveSessionByToken(database.store.db, { token, now: T0 + 3000, lifetimes }),
      ).toBeUndefined();
      expect(
        await endSession(database.store.db, {
          id: session.id,
          accountId: owner.id,
          reason: 'REVOKED',
          now: T0 + 4000,
        }),
      ).toBeUndefined();
    });

    it("lists an account's live sessions newest first, without ended, idle or others' sessions", async () => {
      const account = await newAccount();
      const other = await newAccount();
      const idle = await start(account, T0 - lifetimes.idleTimeoutSeconds * 1000);
      const oldest = await start(account, T0);
      const ended = await start(account, T0 + 1000);
      const middle = await start(account, T0 + 2000);
      const newest = await start(account, T0 + 3000);
      await start(other, T0 + 4000);
      await endSession(database.store.db, {
        id: ended.session.id,
        reason: 'SIGNED_OUT',
        now: T0 + 3500,
      });

      const live = await listLiveSessions(database.store.db, {
        accountId: account.id,
        now: T0 + 5000,
        lifetimes,
      });
      expect(live.map((row) => row.id)).toEqual([
        newest.session.id,
        middle.session.id,
        oldest.session.id,
      ]);
      expect(live.map((row) => row.id)).not.toContain(idle.session.id);
    });
  });
});
