import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/each-database.js';
import { preparedQuery } from './prepared-query.js';

const walletsOf = preparedQuery<{ accountId: string; minimumLinkedAt: number }, { id: string }>(
  (db, arg) =>
    db
      .selectFrom('wallets')
      .select('id')
      .where('account_id', '=', arg('accountId'))
      .where('linked_at', '>=', arg('minimumLinkedAt'))
      // A fixed value stays fixed across runs, as a literal or a bound value.
      .where('kind', '=', 'EOA')
      .where('is_primary', 'in', [sql.lit(0), sql.lit(1)])
      .orderBy('id'),
);

describeEachDatabase('preparedQuery', (context) => {
  it('binds each run its own values where the query named them, and keeps the fixed ones', async () => {
    const { db } = context.store;
    await db
      .insertInto('accounts')
      .values([
        { id: 'account-a', created_at: 1 },
        { id: 'account-b', created_at: 1 },
      ])
      .execute();
    const wallet = (
      id: string,
      account_id: string,
      linked_at: number,
      kind: 'EOA' | 'CONTRACT' = 'EOA',
    ) => ({
      id,
      account_id,
      address: `0x${id.padStart(40, '0')}`,
      chain_id: null,
      kind,
      identity: `identity-${id}`,
      is_primary: 0,
      linked_at,
    });
    await db
      .insertInto('wallets')
      .values([
        wallet('1', 'account-a', 10),
        wallet('2', 'account-a', 20),
        wallet('3', 'account-b', 30),
        wallet('4', 'account-b', 40, 'CONTRACT'),
      ])
      .execute();

    expect(await walletsOf.all(db, { accountId: 'account-a', minimumLinkedAt: 0 })).toEqual([
      { id: '1' },
      { id: '2' },
    ]);
    expect(await walletsOf.all(db, { accountId: 'account-a', minimumLinkedAt: 15 })).toEqual([
      { id: '2' },
    ]);
    // The contract wallet is left out by the fixed `kind`, run after run.
    expect(await walletsOf.all(db, { accountId: 'account-b', minimumLinkedAt: 0 })).toEqual([
      { id: '3' },
    ]);
    expect(await walletsOf.first(db, { accountId: 'account-b', minimumLinkedAt: 0 })).toEqual({
      id: '3',
    });
    expect(await walletsOf.first(db, { accountId: 'nobody', minimumLinkedAt: 0 })).toBeUndefined();
  });

  it('refuses a run that leaves a named value out', async () => {
    await expect(
      walletsOf.all(context.store.db, { accountId: 'account-a' } as never),
    ).rejects.toThrow('no value for minimumLinkedAt');
  });
});
