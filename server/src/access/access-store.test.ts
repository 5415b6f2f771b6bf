import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/each-database.js';
import { readAccessCheck, saveAccessCheck } from './access-store.js';

const T0 = 1_764_000_000_000;

describeEachDatabase('access store', (database) => {
  async function account(): Promise<string> {
    const id = randomUUID();
    await database.store.db.insertInto('accounts').values({ id, created_at: T0 }).execute();
    return id;
  }

  it('keeps the balances a later check did not read: a failed chain leaves its last result in force', async () => {
    const id = await account();
    const max = 2n ** 256n - 1n;
    expect(
      await saveAccessCheck(database.store.db, {
        accountId: id,
        checkedAt: T0,
        stale: false,
        roles: ['holder'],
        read: new Map([
          ['token:1:0xA', max],
          ['native:8453', 5n],
        ]),
      }),
    ).toBeUndefined();
    // Chain 8453 failed this time: only chain 1 was read.
    expect(
      await saveAccessCheck(database.store.db, {
        accountId: id,
        checkedAt: T0 + 1000,
        stale: true,
        roles: [],
        read: new Map([['token:1:0xA', 0n]]),
      }),
    ).toEqual(['holder']);
    expect(await readAccessCheck(database.store.db, id)).toEqual({
      checkedAt: T0 + 1000,
      stale: true,
      roles: [],
      balances: new Map([
        ['token:1:0xA', 0n],
        ['native:8453', 5n],
      ]),
    });
  });

  it('answers undefined for an account never checked', async () => {
    expect(await readAccessCheck(database.store.db, await account())).toBeUndefined();
  });
});
