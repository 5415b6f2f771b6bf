import type { Db } from '../store/database.js';

/** The roles administrators granted this account, sorted. */
export async function listGrantedRoles(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('granted_roles')
    .select('role')
    .where('account_id', '=', accountId)
    .orderBy('role')
    .execute();
  return rows.map((row) => row.role);
}

/** Grants a role outside the rules; granting it again changes nothing. */
export async function grantRole(
  db: Db,
  p: { accountId: string; role: string; now: number; grantedBy: string | null },
): Promise<void> {
  await db
    .insertInto('granted_roles')
    .values({ account_id: p.accountId, role: p.role, granted_at: p.now, granted_by: p.grantedBy })
    .onConflict((oc) => oc.columns(['account_id', 'role']).doNothing())
    .execute();
}

/** Revokes a granted role; answers whether the account held it. */
export async function revokeRole(db: Db, p: { accountId: string; role: string }): Promise<boolean> {
  const result = await db
    .deleteFrom('granted_roles')
    .where('account_id', '=', p.accountId)
    .where('role', '=', p.role)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
