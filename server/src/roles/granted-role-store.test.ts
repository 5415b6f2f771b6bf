import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/each-database.js';
import { grantRole, listGrantedRoles, revokeRole } from './granted-role-store.js';

const T0 = 1_764_000_000_000;

describeEachDatabase('granted role store', (database) => {
  async function account(): Promise<string> {
    const id = randomUUID();
    await database.store.db.insertInto('accounts').values({ id, created_at: T0 }).execute();
    return id;
  }

  it('keeps granted roles until revoked; granting twice changes nothing', async () => {
    const id = await account();
    await grantRole(database.store.db, {
      accountId: id,
      role: 'moderator',
      now: T0,
      grantedBy: null,
    });
    await grantRole(database.store.db, {
      accountId: id,
      role: 'moderator',
      now: T0,
      grantedBy: null,
    });
    await grantRole(database.store.db, { accountId: id, role: 'editor', now: T0, grantedBy: id });
    expect(await listGrantedRoles(database.store.db, id)).toEqual(['editor', 'moderator']);
    expect(await revokeRole(database.store.db, { accountId: id, role: 'editor' })).toBe(true);
    expect(await revokeRole(database.store.db, { accountId: id, role: 'editor' })).toBe(false);
    expect(await listGrantedRoles(database.store.db, id)).toEqual(['moderator']);
  });
});
