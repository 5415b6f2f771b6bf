import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../store/database.js';
import { preparedQuery } from '../store/prepared-query.js';
import type { WalletIdentity } from './wallet-identity.js';
import {
  proofColumns,
  recordWalletProof,
  type WalletProofRecord,
  type WalletRow,
} from './wallet-store.js';

/** An account as the API shows it: `address` is its primary wallet's. */
export type AccountRow = { id: string; address: string; created_at: number };

/**
 * Accounts joined to their primary wallet, the shape every reader wants.
 * `is_primary = 1` is a literal, not a bound value: bound, SQLite plans the
 * statement again on every run (the value could select the partial index
 * `wallets_one_primary`), three times the cost of the lookup itself.
 */
function selectAccounts(db: Db) {
  return db
    .selectFrom('accounts')
    .innerJoin('wallets', (join) =>
      join
        .onRef('wallets.account_id', '=', 'accounts.id')
        .on('wallets.is_primary', '=', sql.lit(1)),
    )
    .select(['accounts.id', 'wallets.address', 'accounts.created_at']);
}

/**
 * The account a wallet identity opens, created with that wallet as its
 * primary on first sign-in. Never matches by address alone: a contract
 * wallet reaches only the account that holds it on the same chain.
 * `proof`, when given, becomes the wallet's latest proof: written with the
 * new wallet, or over a found wallet's, so a sign-in writes it once.
 *
 * Safe under concurrency: the wallet's identity is unique, so of concurrent
 * first sign-ins one inserts the wallet and the others find it. Call it
 * inside a transaction, so a losing attempt's account row goes with it.
 */
export async function findOrCreateAccountForWallet(
  db: Db,
  p: { identity: WalletIdentity; now: number; proof?: WalletProofRecord },
): Promise<{
  account: AccountRow;
  wallet: WalletRow;
  /** This call created the account (a first sign-in). */
  created: boolean;
}> {
  const existing = await findAccountByWalletIdentity(db, p.identity.key);
  if (existing) return { ...(await withProof(db, existing, p.proof)), created: false };

  const account = { id: randomUUID(), created_at: p.now };
  const wallet: WalletRow = {
    id: randomUUID(),
    account_id: account.id,
    address: p.identity.address,
    chain_id: p.identity.chainId,
    kind: p.identity.kind,
    namespace: p.identity.namespace,
    identity: p.identity.key,
    is_primary: 1,
    linked_at: p.now,
    link_message: null,
    link_signature: null,
    public: 0,
    ...(p.proof
      ? proofColumns(p.proof)
      : {
          proof_message: null,
          proof_signature: null,
          proof_chain_id: null,
          proof_chain: null,
          proof_at: null,
        }),
  };
  await db.insertInto('accounts').values(account).execute();
  const inserted = await db
    .insertInto('wallets')
    .values(wallet)
    .onConflict((oc) => oc.column('identity').doNothing())
    .executeTakeFirst();
  // The rows written are the rows we hold: reading them back would cost a
  // first sign-in another statement.
  if (inserted.numInsertedOrUpdatedRows === 1n) {
    return { account: { ...account, address: wallet.address }, wallet, created: true };
  }
  // Another sign-in created this wallet's account first: ours goes unused.
  await db.deleteFrom('accounts').where('id', '=', account.id).execute();
  const winner = await findAccountByWalletIdentity(db, p.identity.key);
  if (!winner) throw new Error(`wallet ${p.identity.key} conflicted but cannot be found`);
  return { ...(await withProof(db, winner, p.proof)), created: false };
}

async function withProof(
  db: Db,
  found: { account: AccountRow; wallet: WalletRow },
  proof: WalletProofRecord | undefined,
): Promise<{ account: AccountRow; wallet: WalletRow }> {
  if (!proof) return found;
  await recordWalletProof(db, { walletId: found.wallet.id, proof });
  return { account: found.account, wallet: { ...found.wallet, ...proofColumns(proof) } };
}

/** One statement: the wallet with that identity, its account and the account's primary address. */
async function findAccountByWalletIdentity(
  db: Db,
  key: string,
): Promise<{ account: AccountRow; wallet: WalletRow } | undefined> {
  const row = await db
    .selectFrom('wallets as w')
    .innerJoin('accounts as a', 'a.id', 'w.account_id')
    .innerJoin('wallets as p', (join) =>
      join.onRef('p.account_id', '=', 'a.id').on('p.is_primary', '=', sql.lit(1)),
    )
    .selectAll('w')
    .select(['a.created_at as account_created_at', 'p.address as primary_address'])
    .where('w.identity', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  const { account_created_at, primary_address, ...wallet } = row;
  return {
    account: { id: wallet.account_id, address: primary_address, created_at: account_created_at },
    wallet,
  };
}

/** `me` runs it on every request: built once (store/prepared-query.ts). */
const accountById = preparedQuery<{ id: string }, AccountRow>(
  (db, arg) => selectAccounts(db).where('accounts.id', '=', arg('id')),
  { cached: true },
);

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return accountById.first(db, { id });
}
