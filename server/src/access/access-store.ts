import type { Db } from '../store/database.js';

/** The last check of an account's rules, with every balance it holds in force. */
export type StoredAccessCheck = {
  checkedAt: number;
  stale: boolean;
  /** The roles the rules granted at that check, sorted. */
  roles: string[];
  balances: Map<string, bigint>;
};

export async function readAccessCheck(
  db: Db,
  accountId: string,
): Promise<StoredAccessCheck | undefined> {
  const check = await db
    .selectFrom('access_checks')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!check) return undefined;
  const balances = await db
    .selectFrom('access_balances')
    .select(['balance_key', 'balance'])
    .where('account_id', '=', accountId)
    .execute();
  return {
    checkedAt: Number(check.checked_at),
    stale: check.stale === 1,
    roles: JSON.parse(check.roles) as string[],
    balances: new Map(balances.map((row) => [row.balance_key, BigInt(row.balance)])),
  };
}

export type SaveAccessCheckParameters = {
  accountId: string;
  checkedAt: number;
  stale: boolean;
  roles: string[];
  /** The balances read at this check; the others keep their rows (their chain failed). */
  read: ReadonlyMap<string, bigint>;
};

/**
 * Records a check and answers the roles of the check before it, read in
 * `trx`, the check's transaction (its change of roles is recorded there
 * too): what a ROLES_CHANGED is measured against. Undefined when the
 * account was never checked.
 */
export async function saveAccessCheck(
  trx: Db,
  p: SaveAccessCheckParameters,
): Promise<string[] | undefined> {
  {
    const previous = await trx
      .selectFrom('access_checks')
      .select('roles')
      .where('account_id', '=', p.accountId)
      .executeTakeFirst();
    const row = {
      account_id: p.accountId,
      checked_at: p.checkedAt,
      stale: p.stale ? 1 : 0,
      roles: JSON.stringify(p.roles),
    };
    await trx
      .insertInto('access_checks')
      .values(row)
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet({
          checked_at: row.checked_at,
          stale: row.stale,
          roles: row.roles,
        }),
      )
      .execute();
    for (const [key, balance] of p.read) {
      await trx
        .insertInto('access_balances')
        .values({
          account_id: p.accountId,
          balance_key: key,
          balance: String(balance),
          read_at: p.checkedAt,
        })
        .onConflict((oc) =>
          oc
            .columns(['account_id', 'balance_key'])
            .doUpdateSet({ balance: String(balance), read_at: p.checkedAt }),
        )
        .execute();
    }
    const before = previous ? (JSON.parse(previous.roles) as string[]) : undefined;
    return before;
  }
}
