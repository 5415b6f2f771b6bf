import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { StoreDialect } from '../create-database.js';

/**
 * Accounts were found by address alone, so a contract wallet proven on one
 * chain opened the account another key had made with the same address on
 * another chain. From here on an account is opened by its wallets' identities
 * (`accounts/wallet-identity.ts`), and `accounts.address` (unique) goes.
 *
 * Existing rows: every account gets one primary wallet, the one it was
 * created by: its first sign-in. An EOA stays keyed by its address; a
 * contract wallet is keyed by the chain of that first sign-in. Sign-ins
 * recorded on other chains for a contract address stay in history, but the
 * sessions they opened are ended now: they no longer open that account.
 */
export async function up(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  // PostgreSQL runs every migration in the migrator's transaction.
  if (dialect === 'postgres') return migrate(db, dialect);
  // SQLite cannot drop a UNIQUE column, so `accounts` is rebuilt there. With
  // foreign keys on, dropping the old table would cascade into sessions and
  // sign-ins: they are switched off for the rebuild (a no-op inside a
  // transaction, which is why it comes before ours), and checked at its end.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute((trx) => migrate(trx, dialect));
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function migrate(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  await db.schema
    .createTable('wallets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('chain_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('identity', 'text', (c) => c.notNull().unique())
    .addColumn('is_primary', 'integer', (c) => c.notNull())
    .addColumn('linked_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wallets_account_id').on('wallets').column('account_id').execute();
  await db.schema
    .createIndex('wallets_one_primary')
    .on('wallets')
    .column('account_id')
    .unique()
    .where(sql.ref('is_primary'), '=', 1)
    .execute();

  await backfillWallets(db);

  await db.schema
    .alterTable('sessions')
    .addColumn('wallet_id', 'text', (c) => c.references('wallets.id').onDelete('set null'))
    .execute();
  await sql`
    update sessions set wallet_id =
      (select w.id from wallets w where w.account_id = sessions.account_id and w.is_primary = 1)
  `.execute(db);
  // A session whose sign-in does not match its account's wallet identity was
  // opened by a contract wallet on another chain: end it, keep its history.
  await sql`
    update sessions
    set wallet_id = null,
        ended_at = coalesce(ended_at, ${Date.now()}),
        end_reason = coalesce(end_reason, 'REVOKED')
    where exists (
      select 1 from sign_ins s join wallets w on w.account_id = s.account_id and w.is_primary = 1
      where s.session_id = sessions.id
        and not (
          (w.kind = 'EOA' and s.wallet_kind = 'EOA')
          or (w.kind = 'CONTRACT' and s.wallet_kind <> 'EOA' and s.chain_id = w.chain_id)
        )
    )
  `.execute(db);
  await db.schema.createIndex('sessions_wallet_id').on('sessions').column('wallet_id').execute();

  if (dialect === 'postgres') {
    await db.schema.alterTable('accounts').dropColumn('address').execute();
    return;
  }
  await db.schema
    .createTable('accounts_rebuilt')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into accounts_rebuilt (id, created_at) select id, created_at from accounts`.execute(
    db,
  );
  await db.schema.dropTable('accounts').execute();
  await db.schema.alterTable('accounts_rebuilt').renameTo('accounts').execute();
  const broken = await sql`pragma foreign_key_check`.execute(db);
  if (broken.rows.length > 0) {
    throw new Error(`foreign keys broken by the rebuild: ${JSON.stringify(broken.rows)}`);
  }
}

type LegacyAccount = {
  id: string;
  address: string;
  created_at: number | string;
  wallet_kind: string | null;
  chain_id: number | null;
};

const BATCH = 500;

/** One primary wallet per account: the wallet of its first sign-in. */
async function backfillWallets(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<LegacyAccount>`
    select a.id, a.address, a.created_at, s.wallet_kind, s.chain_id
    from accounts a
    left join sign_ins s on s.seq = (select min(seq) from sign_ins where account_id = a.id)
  `.execute(db);
  const wallets = rows.map((account) => {
    // An account without any sign-in cannot have been made by a contract wallet.
    const contract = account.wallet_kind !== null && account.wallet_kind !== 'EOA';
    return {
      id: randomUUID(),
      account_id: account.id,
      address: account.address,
      chain_id: contract ? account.chain_id : null,
      kind: contract ? 'CONTRACT' : 'EOA',
      identity: contract ? `eip155:${account.chain_id}:${account.address}` : account.address,
      is_primary: 1,
      linked_at: Number(account.created_at),
    };
  });
  for (let i = 0; i < wallets.length; i += BATCH) {
    await (db as Kysely<{ wallets: (typeof wallets)[number] }>)
      .insertInto('wallets')
      .values(wallets.slice(i, i + BATCH))
      .execute();
  }
}

export async function down(): Promise<void> {
  // Going back would merge accounts that now share an address: not offered.
  throw new Error('migration 0002-wallet-identity cannot be undone');
}
