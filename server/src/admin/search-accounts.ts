import { sql } from 'kysely';
import type { AccountRow } from '../accounts/account-store.js';
import { BadUserInputError } from '../errors.js';
import type { Db } from '../store/database.js';
import type { TimeAndId } from '../store/time-and-id-cursor.js';

const QUERY_MAX_LENGTH = 200;
const WHOLE_ADDRESS = /^0x[0-9a-f]{40}$/;
/** A prefix needs at least 6 hex digits after 0x: shorter ones match too many wallets to mean one. */
const ADDRESS_PREFIX = /^0x[0-9a-f]{6,39}$/;
/**
 * A Solana address, or a prefix of at least 6 of its characters: base58
 * (no 0, O, I or l), compared case-sensitively, since case changes the key.
 */
const SOLANA_ADDRESS_PREFIX = /^[1-9A-HJ-NP-Za-km-z]{6,44}$/;

/** `%`, `_` and the escape itself match literally in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type SearchAccountsParameters = {
  /** What the administrator typed; blank lists every account. */
  query: string | null | undefined;
  /** One more than the page, to learn whether another follows. */
  limit: number;
  after: TimeAndId | undefined;
};

/**
 * Accounts, newest first, matching `query` (docs/administration.md): the
 * account id exactly, any of its wallets' addresses whole or by a prefix of
 * at least 6 hex digits after 0x (case-insensitive), a Solana wallet's
 * base58 address whole or by a prefix of at least 6 characters
 * (case-sensitive), or its display name as
 * a case-insensitive substring. Every test is an OR of indexed or small
 * lookups, one statement on SQLite and PostgreSQL alike.
 */
export async function searchAccounts(db: Db, p: SearchAccountsParameters): Promise<AccountRow[]> {
  const query = p.query?.trim() ?? '';
  if ([...query].length > QUERY_MAX_LENGTH) {
    throw new BadUserInputError(`query must be at most ${QUERY_MAX_LENGTH} characters.`);
  }
  const lowered = query.toLowerCase();
  let select = db
    .selectFrom('accounts')
    .innerJoin('wallets as primary_wallet', (join) =>
      join
        .onRef('primary_wallet.account_id', '=', 'accounts.id')
        .on('primary_wallet.is_primary', '=', sql.lit(1)),
    )
    .select(['accounts.id', 'primary_wallet.address', 'accounts.created_at']);
  if (query !== '') {
    select = select.where((eb) => {
      const address = sql<string>`lower(${sql.ref('w.address')})`;
      const tests = [
        eb('accounts.id', '=', query),
        eb.exists(
          eb
            .selectFrom('profiles')
            .select('profiles.account_id')
            .whereRef('profiles.account_id', '=', 'accounts.id')
            .where(
              sql<boolean>`lower(${sql.ref('profiles.display_name')}) like ${`%${escapeLike(lowered)}%`} escape '\\'`,
            ),
        ),
      ];
      if (WHOLE_ADDRESS.test(lowered) || ADDRESS_PREFIX.test(lowered)) {
        const pattern = WHOLE_ADDRESS.test(lowered) ? lowered : `${lowered}%`;
        tests.push(
          eb.exists(
            eb
              .selectFrom('wallets as w')
              .select('w.id')
              .whereRef('w.account_id', '=', 'accounts.id')
              .where(sql<boolean>`${address} like ${pattern}`),
          ),
        );
      }
      if (SOLANA_ADDRESS_PREFIX.test(query)) {
        // substr, not LIKE: SQLite's LIKE ignores case, and base58 must not.
        tests.push(
          eb.exists(
            eb
              .selectFrom('wallets as w')
              .select('w.id')
              .whereRef('w.account_id', '=', 'accounts.id')
              .where('w.namespace', '=', 'solana')
              .where(sql<boolean>`substr(${sql.ref('w.address')}, 1, ${query.length}) = ${query}`),
          ),
        );
      }
      return eb.or(tests);
    });
  }
  if (p.after) {
    const { at: createdAt, id } = p.after;
    select = select.where((eb) =>
      eb.or([
        eb('accounts.created_at', '<', createdAt),
        eb.and([eb('accounts.created_at', '=', createdAt), eb('accounts.id', '<', id)]),
      ]),
    );
  }
  const rows = await select
    .orderBy('accounts.created_at', 'desc')
    .orderBy('accounts.id', 'desc')
    .limit(p.limit)
    .execute();
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
}
