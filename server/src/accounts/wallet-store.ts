import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  BadUserInputError,
  LastWalletError,
  WalletAlreadyLinkedError,
  WalletLimitReachedError,
} from '../errors.js';
import type { StoreDialect } from '../store/create-database.js';
import type { Db } from '../store/database.js';
import { preparedQuery } from '../store/prepared-query.js';
import type { ChainNamespace, WalletsTable } from './account-tables.js';
import type { WalletIdentity } from './wallet-identity.js';

export type WalletRow = Omit<WalletsTable, 'public' | 'namespace'> & {
  public: number;
  namespace: ChainNamespace;
};

/** What the API and events show of a wallet: everything but its proofs. */
export type WalletView = Omit<
  WalletRow,
  | 'link_message'
  | 'link_signature'
  | 'proof_message'
  | 'proof_signature'
  | 'proof_chain_id'
  | 'proof_chain'
  | 'proof_at'
>;

declare module '../events/account-events.js' {
  interface EventSubjects {
    /** For a wallet event, the wallet itself: an unlinked one is gone by the time a subscriber reads it. */
    wallet: WalletView;
  }
}

export function walletView(row: WalletRow | WalletView): WalletView {
  const { id, account_id, address, chain_id, kind, namespace, identity, is_primary, linked_at } =
    row;
  return {
    id,
    account_id,
    address,
    chain_id,
    kind,
    namespace,
    identity,
    is_primary,
    linked_at,
    public: row.public,
  };
}

/** The signed message that last proved a wallet: what the public profile shows. */
export type WalletProofRecord = {
  message: string;
  signature: string;
  /** The EVM chain id the message names; null for a Solana message. */
  chainId: number | null;
  /** The CAIP-2 chain the message names. */
  chain: string;
  at: number;
};

export function proofColumns(proof: WalletProofRecord) {
  return {
    proof_message: proof.message,
    proof_signature: proof.signature,
    proof_chain_id: proof.chainId,
    // Only a proof without an EVM chain id keeps its chain (accounts/row-chain.ts).
    proof_chain: proof.chainId === null ? proof.chain : null,
    proof_at: proof.at,
  };
}

/** Records a wallet's latest proof (a sign-in or a link), in the caller's transaction. */
export async function recordWalletProof(
  db: Db,
  p: { walletId: string; proof: WalletProofRecord },
): Promise<void> {
  await db.updateTable('wallets').set(proofColumns(p.proof)).where('id', '=', p.walletId).execute();
}

/** Publishes a wallet on the public profile, or withdraws it. */
export async function setWalletPublic(
  db: Db,
  p: { wallet: WalletRow; public: boolean },
): Promise<WalletRow> {
  const value = p.public ? 1 : 0;
  await db.updateTable('wallets').set({ public: value }).where('id', '=', p.wallet.id).execute();
  return { ...p.wallet, public: value };
}

/** Built once (store/prepared-query.ts): `me` and the account page list wallets on every load. */
const walletsOfAccount = preparedQuery<{ accountId: string }, WalletRow>(
  (db, arg) =>
    db
      .selectFrom('wallets')
      .selectAll()
      .where('account_id', '=', arg('accountId'))
      .orderBy('is_primary', 'desc')
      .orderBy('linked_at')
      .orderBy('id'),
  { cached: true },
);

/** The account's wallets: the primary first, then in the order they were linked. */
export async function listWallets(db: Db, accountId: string): Promise<readonly WalletRow[]> {
  return walletsOfAccount.all(db, { accountId });
}

/**
 * The account's wallet with this address. A contract wallet may be held on
 * several chains, so `chainId` picks one; without it, an address held on
 * several chains is ambiguous.
 */
export async function findAccountWallet(
  db: Db,
  p: { accountId: string; address: string; chainId?: number | null | undefined },
): Promise<WalletRow | undefined> {
  let query = db
    .selectFrom('wallets')
    .selectAll()
    .where('account_id', '=', p.accountId)
    .where('address', '=', p.address);
  if (p.chainId != null) query = query.where('chain_id', '=', p.chainId);
  const rows = await query.execute();
  if (rows.length > 1) {
    throw new BadUserInputError('The account holds this address on several chains: give chainId.', {
      details: { chainIds: rows.map((row) => row.chain_id) },
    });
  }
  return rows[0];
}

/**
 * Links a proven wallet to an account, in the caller's transaction. A wallet
 * already linked to this account is answered unchanged (`linked: false`); one
 * of another account is refused, never moved: accounts are not merged. The
 * identity is unique, so of concurrent links of one wallet exactly one
 * inserts it.
 *
 * A new wallet beyond `maxWallets` is refused (WALLET_LIMIT_REACHED); an
 * account already above it keeps its wallets. The count must hold under
 * concurrent links, so the account's row is locked first on PostgreSQL: a
 * second link waits for the first to commit, and its count (a new snapshot
 * per statement under READ COMMITTED) then sees the first one's wallet.
 * Locking the wallet rows would not do: a row inserted by the other link is
 * not among the rows either one locked. SQLite is one connection
 * (store/create-database.ts) on which Kysely runs one transaction at a
 * time, which serializes the count already.
 */
export async function linkWalletToAccount(
  db: Db,
  p: {
    accountId: string;
    identity: WalletIdentity;
    proof: WalletProofRecord;
    now: number;
    maxWallets: number;
    dialect: StoreDialect;
  },
): Promise<{ wallet: WalletRow; linked: boolean }> {
  let account = db.selectFrom('accounts').select('id').where('id', '=', p.accountId);
  if (p.dialect === 'postgres') account = account.forUpdate();
  await account.execute();
  const existing = await db
    .selectFrom('wallets')
    .selectAll()
    .where('identity', '=', p.identity.key)
    .executeTakeFirst();
  if (existing) return relinked(db, existing, p);
  const { count } = await db
    .selectFrom('wallets')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('account_id', '=', p.accountId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= p.maxWallets) throw new WalletLimitReachedError(p.maxWallets);
  const wallet: WalletRow = {
    id: randomUUID(),
    account_id: p.accountId,
    address: p.identity.address,
    chain_id: p.identity.chainId,
    kind: p.identity.kind,
    namespace: p.identity.namespace,
    identity: p.identity.key,
    is_primary: 0,
    linked_at: p.now,
    link_message: p.proof.message,
    link_signature: p.proof.signature,
    public: 0,
    ...proofColumns(p.proof),
  };
  const inserted = await db
    .insertInto('wallets')
    .values(wallet)
    .onConflict((oc) => oc.column('identity').doNothing())
    .executeTakeFirst();
  if (inserted.numInsertedOrUpdatedRows === 1n) return { wallet, linked: true };
  // Another account's link of this wallet committed between the look-up and the insert.
  const winner = await db
    .selectFrom('wallets')
    .selectAll()
    .where('identity', '=', p.identity.key)
    .executeTakeFirstOrThrow();
  return relinked(db, winner, p);
}

/** A link of a wallet that is linked already: refused for another account, a new proof for this one. */
async function relinked(
  db: Db,
  existing: WalletRow,
  p: { accountId: string; proof: WalletProofRecord },
): Promise<{ wallet: WalletRow; linked: boolean }> {
  if (existing.account_id !== p.accountId) throw new WalletAlreadyLinkedError();
  // Linked again by its owner: this newer message is now its proof.
  await recordWalletProof(db, { walletId: existing.id, proof: p.proof });
  return { wallet: { ...existing, ...proofColumns(p.proof) }, linked: false };
}

/**
 * Removes a wallet from its account, in the caller's transaction. The last
 * wallet stays (LAST_WALLET); a removed primary hands the role to the oldest
 * wallet left. The account's wallets are locked first on PostgreSQL, so two
 * concurrent unlinks cannot each leave the other's wallet as the last one
 * and then remove it (SQLite runs one write transaction at a time).
 */
export async function removeWallet(
  db: Db,
  p: { wallet: WalletRow; dialect: StoreDialect },
): Promise<void> {
  let locked = db.selectFrom('wallets').select('id').where('account_id', '=', p.wallet.account_id);
  if (p.dialect === 'postgres') locked = locked.forUpdate();
  const wallets = await locked.execute();
  if (!wallets.some((row) => row.id === p.wallet.id)) return;
  if (wallets.length <= 1) throw new LastWalletError();
  await db.deleteFrom('wallets').where('id', '=', p.wallet.id).execute();
  if (p.wallet.is_primary === 1) {
    const heir = await db
      .selectFrom('wallets')
      .select('id')
      .where('account_id', '=', p.wallet.account_id)
      .orderBy('linked_at')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('wallets').set({ is_primary: 1 }).where('id', '=', heir.id).execute();
  }
}

/** Makes a wallet its account's primary, in the caller's transaction. */
export async function makePrimaryWallet(db: Db, wallet: WalletRow): Promise<WalletRow> {
  // One primary per account is a unique index: clear the old one first.
  await db
    .updateTable('wallets')
    .set({ is_primary: 0 })
    .where('account_id', '=', wallet.account_id)
    .where('is_primary', '=', sql.lit(1))
    .execute();
  await db.updateTable('wallets').set({ is_primary: 1 }).where('id', '=', wallet.id).execute();
  return { ...wallet, is_primary: 1 };
}
