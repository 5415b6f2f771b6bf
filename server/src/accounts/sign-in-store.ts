import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../store/database.js';
import type { SignInsTable } from './account-tables.js';

export type SignInRow = Omit<Selectable<SignInsTable>, 'seq'> & { seq: number };

/**
 * `chain` only for a sign-in without an EVM chain id (accounts/row-chain.ts);
 * `method` and `passkey_id` only for a passkey's: a wallet's sign-in writes
 * them by their defaults (migration 0011).
 */
export type RecordSignInParameters = Omit<
  SignInsTable,
  'seq' | 'id' | 'chain' | 'method' | 'passkey_id'
> & {
  chain?: string | null;
  method?: 'wallet' | 'passkey';
  passkey_id?: string | null;
};

export async function recordSignIn(db: Db, p: RecordSignInParameters): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('sign_ins')
    .values({ id, ...p })
    .execute();
  return id;
}

/** Newest first; `afterSeq` is the cursor (exclusive). Fetches one extra row to know if more follow. */
export async function listSignIns(
  db: Db,
  p: { accountId: string; first: number; afterSeq?: number },
): Promise<{ rows: SignInRow[]; hasNextPage: boolean }> {
  let query = db
    .selectFrom('sign_ins')
    .selectAll()
    .where('account_id', '=', p.accountId)
    .orderBy('seq', 'desc')
    .limit(p.first + 1);
  if (p.afterSeq !== undefined) query = query.where('seq', '<', p.afterSeq);
  const rows = await query.execute();
  return { rows: rows.slice(0, p.first), hasNextPage: rows.length > p.first };
}

/** When a wallet last signed in to its account: its EOA sign-ins, or its contract sign-ins on its chain. */
export async function lastSignInAt(
  db: Db,
  wallet: {
    account_id: string;
    address: string;
    kind: 'EOA' | 'CONTRACT';
    chain_id: number | null;
  },
): Promise<number | null> {
  let query = db
    .selectFrom('sign_ins')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('account_id', '=', wallet.account_id)
    .where('address', '=', wallet.address);
  query =
    wallet.kind === 'EOA'
      ? query.where('wallet_kind', '=', 'EOA')
      : query.where('wallet_kind', '!=', 'EOA').where('chain_id', '=', wallet.chain_id ?? -1);
  const row = await query.executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}
