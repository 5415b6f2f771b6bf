import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/each-database.js';
import { findOrCreateAccountForWallet } from '../accounts/account-store.js';
import { walletIdentity } from '../accounts/wallet-identity.js';
import { endSessionsBeyondLimit } from './end-sessions-beyond-limit.js';
import { createSession, endSession, listLiveSessions } from './session-store.js';

const lifetimes = { maxAgeSeconds: 3600, idleTimeoutSeconds: 600 };
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

describeEachDatabase('sessions beyond the limit', (database) => {
  const newAccount = async () => {
    const address = getAddress(`0x${randomBytes(20).toString('hex')}`);
    const { account, wallet } = await findOrCreateAccountForWallet(database.store.db, {
      identity: walletIdentity({ address, chainId: 31337, verifiedAs: 'EOA' }),
      now: T0,
    });
    return { id: account.id, wallet };
  };
  /** `count` sessions, one a second from T0, oldest first. */
  const startSessions = async (account: Awaited<ReturnType<typeof newAccount>>, count: number) => {
    const started = [];
    for (let i = 0; i < count; i++) {
      const { session } = await createSession(database.store.db, {
        accountId: account.id,
        wallet: account.wallet,
        chainId: 31337,
        userAgent: 'vitest',
        now: T0 + i * 1000,
        lifetimes,
      });
      started.push(session);
    }
    return started;
  };
  const now = T0 + 60_000;

  it('ends the oldest live sessions so that the newest `limit` remain, and returns them', async () => {
    const account = await newAccount();
    const other = await newAccount();
    const sessions = await startSessions(account, 7);
    await startSessions(other, 7);
    const ended = await endSessionsBeyondLimit(database.store.db, {
      accountId: account.id,
      limit: 4,
      now,
      lifetimes,
    });
    expect(ended.map((row) => row.id).sort()).toEqual(
      sessions
        .slice(0, 3)
        .map((row) => row.id)
        .sort(),
    );
    expect(ended.every((row) => row.ended_at === now && row.end_reason === 'REVOKED')).toBe(true);
    const live = await listLiveSessions(database.store.db, {
      accountId: account.id,
      now,
      lifetimes,
    });
    expect(live.map((row) => row.id)).toEqual(
      sessions
        .slice(3)
        .map((row) => row.id)
        .reverse(),
    );
    // Another account's sessions are its own business.
    expect(
      await listLiveSessions(database.store.db, { accountId: other.id, now, lifetimes }),
    ).toHaveLength(7);
  });

  it('counts only live sessions, and ends nothing at or below the limit', async () => {
    const account = await newAccount();
    const sessions = await startSessions(account, 5);
    await endSession(database.store.db, { id: sessions[4]?.id ?? '', reason: 'SIGNED_OUT', now });
    const ended = await endSessionsBeyondLimit(database.store.db, {
      accountId: account.id,
      limit: 4,
      now,
      lifetimes,
    });
    expect(ended).toEqual([]);
    expect(
      await listLiveSessions(database.store.db, { accountId: account.id, now, lifetimes }),
    ).toHaveLength(4);
  });
});
