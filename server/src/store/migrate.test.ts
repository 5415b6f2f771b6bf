import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/each-database.js';
import { findAccountById, findOrCreateAccountForWallet } from '../accounts/account-store.js';
import { listSignIns } from '../accounts/sign-in-store.js';
import { type VerifiedWalletKind, walletIdentity } from '../accounts/wallet-identity.js';
import { createDatabase, type Store } from './create-database.js';
import { createMigrator, migrateToLatest } from './migrate.js';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);
const identity = (address: string, chainId = 31337, verifiedAs: VerifiedWalletKind = 'EOA') =>
  walletIdentity({ address, chainId, verifiedAs });

describeEachDatabase('migrations', (database) => {
  describe('migrations', () => {
    it('run every migration on an empty database and create every table', async () => {
      expect(database.migrated).toEqual([
        '0001-initial',
        '0002-wallet-identity',
        '0003-linked-wallets',
        '0004-profiles',
        '0005-oidc',
        '0006-access',
        '0007-administration',
        '0008-audit-log',
        '0009-webhooks',
        '0010-solana-wallets',
        '0011-passkeys',
      ]);
      const tables = (await database.store.db.introspection.getTables()).map((table) => table.name);
      expect(tables).toEqual(
        expect.arrayContaining([
          'accounts',
          'wallets',
          'nonces',
          'sessions',
          'sign_ins',
          'oidc_models',
          'oidc_keys',
          'oidc_connections',
          'profiles',
          'images',
          'access_checks',
          'access_balances',
          'granted_roles',
        ]),
      );
    });

    it('are idempotent: a second run applies nothing and keeps the rows', async () => {
      const { account } = await findOrCreateAccountForWallet(database.store.db, {
        identity: identity(randomAddress()),
        now: T0,
      });
      expect(await migrateToLatest(database.store)).toEqual([]);
      expect(await findAccountById(database.store.db, account.id)).toEqual(account);
    });
  });
  describe('migration 0002: wallet identity', () => {
    type LegacySignIn = {
      session: string;
      chainId: number;
      kind: VerifiedWalletKind;
      at: number;
    };
    const eoa = randomAddress();
    const contract = randomAddress();
    const idle = randomAddress();
    let legacy: Store;
    let closeLegacy: () => Promise<void>;

    /** A database as 0001 left it, with the rows the cross-chain hole could have made. */
    beforeAll(async () => {
      const opened = await database.backend.open();
      legacy = createDatabase(opened.database);
      closeLegacy = async () => {
        await legacy.close();
        await opened.cleanup();
      };
      const migrated = await (await createMigrator(legacy)).migrateTo('0001-initial');
      expect(migrated.error).toBeUndefined();

      const addAccount = (id: string, address: string) =>
        sql`insert into accounts (id, address, created_at) values (${id}, ${address}, ${T0})`.execute(
          legacy.db,
        );
      const addSignIns = async (accountId: string, address: string, signIns: LegacySignIn[]) => {
        for (const [i, signIn] of signIns.entries()) {
          await sql`insert into sessions (id, account_id, token_hash, chain_id, user_agent, created_at, last_seen_at, expires_at, ended_at, end_reason)
            values (${signIn.session}, ${accountId}, ${`hash-${signIn.session}`}, ${signIn.chainId}, null, ${signIn.at}, ${signIn.at}, ${signIn.at + 3_600_000}, null, null)`.execute(
            legacy.db,
          );
          await sql`insert into sign_ins (id, account_id, session_id, address, chain_id, wallet_kind, message, signature, user_agent, at)
            values (${`${signIn.session}-${i}`}, ${accountId}, ${signIn.session}, ${address}, ${signIn.chainId}, ${signIn.kind}, 'message', '0x00', null, ${signIn.at})`.execute(
            legacy.db,
          );
        }
      };
      await addAccount('eoa-account', eoa);
      await addSignIns('eoa-account', eoa, [
        { session: 'eoa-1', chainId: 1, kind: 'EOA', at: T0 },
        { session: 'eoa-137', chainId: 137, kind: 'EOA', at: T0 + 1000 },
      ]);
      await addAccount('contract-account', contract);
      await addSignIns('contract-account', contract, [
        { session: 'owner-31337', chainId: 31337, kind: 'CONTRACT', at: T0 },
        // The hole: another key proved the same address on another chain.
        { session: 'taker-11155111', chainId: 11155111, kind: 'CONTRACT', at: T0 + 1000 },
        { session: 'owner-again', chainId: 31337, kind: 'COUNTERFACTUAL', at: T0 + 2000 },
      ]);
      await addAccount('no-sign-in', idle);

      expect(await migrateToLatest(legacy)).toEqual([
        '0002-wallet-identity',
        '0003-linked-wallets',
        '0004-profiles',
        '0005-oidc',
        '0006-access',
        '0007-administration',
        '0008-audit-log',
        '0009-webhooks',
        '0010-solana-wallets',
        '0011-passkeys',
      ]);
    });
    afterAll(() => closeLegacy?.());

    it('gives every account its creating wallet as primary: EOAs by address, contracts on their first chain', async () => {
      const wallets = await legacy.db
        .selectFrom('wallets')
        .select(['account_id', 'address', 'chain_id', 'kind', 'identity', 'is_primary'])
        .orderBy('account_id')
        .execute();
      expect(wallets).toEqual([
        {
          account_id: 'contract-account',
          address: contract,
          chain_id: 31337,
          kind: 'CONTRACT',
          identity: `eip155:31337:${contract}`,
          is_primary: 1,
        },
        {
          account_id: 'eoa-account',
          address: eoa,
          chain_id: null,
          kind: 'EOA',
          identity: eoa,
          is_primary: 1,
        },
        {
          account_id: 'no-sign-in',
          address: idle,
          chain_id: null,
          kind: 'EOA',
          identity: idle,
          is_primary: 1,
        },
      ]);
      expect(await findAccountById(legacy.db, 'contract-account')).toEqual({
        id: 'contract-account',
        address: contract,
        created_at: T0,
      });
    });

    it("ends the sessions a contract wallet opened from another chain, and keeps the owner's", async () => {
      const sessions = await legacy.db
        .selectFrom('sessions')
        .innerJoin('wallets', 'wallets.account_id', 'sessions.account_id')
        .select(['sessions.id', 'sessions.wallet_id', 'sessions.end_reason', 'wallets.id as own'])
        .orderBy('sessions.id')
        .execute();
      const byId = Object.fromEntries(sessions.map((row) => [row.id, row]));
      for (const id of ['eoa-1', 'eoa-137', 'owner-31337', 'owner-again']) {
        expect(byId[id]).toMatchObject({ end_reason: null, wallet_id: byId[id]?.own });
      }
      expect(byId['taker-11155111']).toMatchObject({ end_reason: 'REVOKED', wallet_id: null });
    });

    it('keeps the whole sign-in history, the other chain included', async () => {
      const history = await listSignIns(legacy.db, { accountId: 'contract-account', first: 10 });
      expect(history.rows.map((row) => row.chain_id)).toEqual([31337, 11155111, 31337]);
    });

    it('opens the old accounts for their own wallets only', async () => {
      const reach = (address: string, chainId: number, kind: VerifiedWalletKind) =>
        findOrCreateAccountForWallet(legacy.db, {
          identity: identity(address, chainId, kind),
          now: T0 + 10_000,
        }).then(({ account }) => account.id);
      expect(await reach(eoa, 8453, 'EOA')).toBe('eoa-account');
      expect(await reach(contract, 31337, 'CONTRACT')).toBe('contract-account');
      expect(await reach(contract, 11155111, 'CONTRACT')).not.toBe('contract-account');
      expect(await reach(idle, 1, 'EOA')).toBe('no-sign-in');
    });

    it('leaves foreign keys whole: deleting an account still takes its rows with it', async () => {
      await legacy.db.deleteFrom('accounts').where('id', '=', 'eoa-account').execute();
      const left = await legacy.db
        .selectFrom('sessions')
        .select('id')
        .where('account_id', '=', 'eoa-account')
        .execute();
      expect(left).toEqual([]);
    });
  });

  describe('migration 0004: profiles and stored proofs', () => {
    const eoa = randomAddress();
    const linkedLater = randomAddress();
    const linkedEarlier = randomAddress();
    const contract = randomAddress();
    const idle = randomAddress();
    let legacy: Store;
    let closeLegacy: () => Promise<void>;

    /** A database as 0003 left it: proofs only in sign_ins and wallets.link_*. */
    beforeAll(async () => {
      const opened = await database.backend.open();
      legacy = createDatabase(opened.database);
      closeLegacy = async () => {
        await legacy.close();
        await opened.cleanup();
      };
      const migrated = await (await createMigrator(legacy)).migrateTo('0003-linked-wallets');
      expect(migrated.error).toBeUndefined();
      const db = legacy.db;
      await sql`insert into accounts (id, created_at) values ('acct', ${T0})`.execute(db);
      const wallet = (
        id: string,
        address: string,
        kind: string,
        chainId: number | null,
        primary: number,
        link: { message: string; at: number } | null,
      ) =>
        sql`insert into wallets (id, account_id, address, chain_id, kind, identity, is_primary, linked_at, link_message, link_signature)
          values (${id}, 'acct', ${address}, ${chainId}, ${kind}, ${chainId ? `eip155:${chainId}:${address}` : address}, ${primary}, ${link?.at ?? T0}, ${link?.message ?? null}, ${link ? `sig-${id}` : null})`.execute(
          db,
        );
      const signIn = (id: string, address: string, chainId: number, kind: string, at: number) =>
        sql`insert into sign_ins (id, account_id, session_id, address, chain_id, wallet_kind, message, signature, user_agent, at)
          values (${id}, 'acct', 's', ${address}, ${chainId}, ${kind}, ${`message-${id}`}, ${`sig-${id}`}, null, ${at})`.execute(
          db,
        );
      await wallet('w-eoa', eoa, 'EOA', null, 1, null);
      await wallet('w-later', linkedLater, 'EOA', null, 0, {
        message: 'example.com wants you to sign in\n\nURI: x\nVersion: 1\nChain ID: 8453\nNonce: n',
        at: T0 + 5000,
      });
      await wallet('w-earlier', linkedEarlier, 'EOA', null, 0, {
        message: 'linked\nChain ID: 1\n',
        at: T0 + 1000,
      });
      await wallet('w-contract', contract, 'CONTRACT', 137, 0, null);
      await wallet('w-idle', idle, 'EOA', null, 0, null);
      await signIn('eoa-old', eoa, 1, 'EOA', T0 + 100);
      await signIn('eoa-new', eoa, 137, 'EOA', T0 + 200);
      await signIn('later-before-link', linkedLater, 1, 'EOA', T0 + 300);
      await signIn('earlier-after-link', linkedEarlier, 10, 'EOA', T0 + 2000);
      // Same address on another chain: not this contract wallet's proof.
      await signIn('contract-137', contract, 137, 'CONTRACT', T0 + 400);
      await signIn('contract-other-chain', contract, 8453, 'CONTRACT', T0 + 500);

      expect(await migrateToLatest(legacy)).toEqual([
        '0004-profiles',
        '0005-oidc',
        '0006-access',
        '0007-administration',
        '0008-audit-log',
        '0009-webhooks',
        '0010-solana-wallets',
        '0011-passkeys',
      ]);
    });
    afterAll(() => closeLegacy?.());

    it("fills each wallet's proof with its latest sign-in or link, and leaves none where there is neither", async () => {
      const rows = await legacy.db
        .selectFrom('wallets')
        .select(['id', 'public', 'proof_message', 'proof_signature', 'proof_chain_id', 'proof_at'])
        .orderBy('id')
        .execute();
      const byId = Object.fromEntries(rows.map(({ id, ...rest }) => [id, rest]));
      expect(byId['w-eoa']).toEqual({
        public: 0,
        proof_message: 'message-eoa-new',
        proof_signature: 'sig-eoa-new',
        proof_chain_id: 137,
        proof_at: T0 + 200,
      });
      expect(byId['w-later']).toMatchObject({
        proof_signature: 'sig-w-later',
        proof_chain_id: 8453,
        proof_at: T0 + 5000,
      });
      expect(byId['w-earlier']).toMatchObject({
        proof_signature: 'sig-earlier-after-link',
        proof_chain_id: 10,
      });
      expect(byId['w-contract']).toMatchObject({
        proof_signature: 'sig-contract-137',
        proof_chain_id: 137,
      });
      expect(byId['w-idle']).toEqual({
        public: 0,
        proof_message: null,
        proof_signature: null,
        proof_chain_id: null,
        proof_at: null,
      });
    });

    it('creates the profiles and images tables, empty', async () => {
      expect(await legacy.db.selectFrom('profiles').selectAll().execute()).toEqual([]);
      expect(await legacy.db.selectFrom('images').selectAll().execute()).toEqual([]);
    });
  });
  describe('migration 0010: Solana wallets', () => {
    const eoa = randomAddress();
    const contract = randomAddress();
    let legacy: Store;
    let closeLegacy: () => Promise<void>;
    type Row = Record<string, unknown>;
    let before: { wallets: Row[]; sessions: Row[]; signIns: Row[] };

    const all = async (table: 'wallets' | 'sessions' | 'sign_ins') =>
      (await sql<Row>`select * from ${sql.table(table)} order by id`.execute(legacy.db)).rows;

    /** A database as 0009 left it: an EOA and a contract wallet, their sessions and sign-ins. */
    beforeAll(async () => {
      const opened = await database.backend.open();
      legacy = createDatabase(opened.database);
      closeLegacy = async () => {
        await legacy.close();
        await opened.cleanup();
      };
      const migrated = await (await createMigrator(legacy)).migrateTo('0009-webhooks');
      expect(migrated.error).toBeUndefined();
      const db = legacy.db;
      await sql`insert into accounts (id, created_at) values ('acct', ${T0})`.execute(db);
      await sql`insert into wallets (id, account_id, address, chain_id, kind, identity, is_primary, linked_at, public, proof_message, proof_signature, proof_chain_id, proof_at)
        values ('w-eoa', 'acct', ${eoa}, null, 'EOA', ${eoa}, 1, ${T0}, 1, 'proof', '0xproof', 1, ${T0}),
               ('w-contract', 'acct', ${contract}, 8453, 'CONTRACT', ${`eip155:8453:${contract}`}, 0, ${T0 + 1}, 0, null, null, null, null)`.execute(
        db,
      );
      await sql`insert into sessions (id, account_id, token_hash, chain_id, user_agent, created_at, last_seen_at, expires_at, wallet_id, address)
        values ('s-eoa', 'acct', 'hash-1', 1, 'ua', ${T0}, ${T0}, ${T0 + 86_400_000}, 'w-eoa', ${eoa}),
               ('s-contract', 'acct', 'hash-2', 8453, null, ${T0}, ${T0}, ${T0 + 86_400_000}, 'w-contract', ${contract})`.execute(
        db,
      );
      await sql`insert into sign_ins (id, account_id, session_id, address, chain_id, wallet_kind, message, signature, user_agent, at)
        values ('i-eoa', 'acct', 's-eoa', ${eoa}, 1, 'EOA', 'message', '0xsig', 'ua', ${T0}),
               ('i-contract', 'acct', 's-contract', ${contract}, 8453, 'CONTRACT', 'message', '0xsig', null, ${T0})`.execute(
        db,
      );
      before = {
        wallets: await all('wallets'),
        sessions: await all('sessions'),
        signIns: await all('sign_ins'),
      };
      expect(await migrateToLatest(legacy)).toEqual(['0010-solana-wallets', '0011-passkeys']);
    });
    afterAll(() => closeLegacy?.());

    it('keeps every existing wallet, session and sign-in as it was, each an Ethereum one', async () => {
      const wallets = await all('wallets');
      expect(wallets).toEqual(
        before.wallets.map((row) => ({ ...row, namespace: 'eip155', proof_chain: null })),
      );
      const numbered = (rows: Row[]) =>
        rows.map((row) => ({ ...row, chain_id: Number(row.chain_id), chain: row.chain ?? null }));
      // Migration 0011 (passkeys) ran too: every existing row is a wallet's.
      const wallet = { method: 'wallet', passkey_id: null };
      expect(numbered(await all('sessions'))).toEqual(
        numbered(before.sessions.map((row) => ({ ...row, chain: null, ...wallet }))),
      );
      expect(numbered(await all('sign_ins'))).toEqual(
        numbered(before.signIns.map((row) => ({ ...row, chain: null, ...wallet }))),
      );
    });

    it('still opens the old accounts for their own wallets, and the history reads its chains', async () => {
      const found = await findOrCreateAccountForWallet(legacy.db, {
        identity: identity(contract, 8453, 'CONTRACT'),
        now: T0 + 10,
      });
      expect(found).toMatchObject({ created: false, account: { id: 'acct' } });
      const { rows } = await listSignIns(legacy.db, { accountId: 'acct', first: 10 });
      expect(rows.map((row) => [row.id, row.chain_id, row.chain])).toEqual(
        expect.arrayContaining([
          ['i-eoa', 1, null],
          ['i-contract', 8453, null],
        ]),
      );
    });

    it('takes a Solana row: no EVM chain id, its CAIP-2 chain, its namespace', async () => {
      const db = legacy.db;
      await sql`insert into sign_ins (id, account_id, session_id, address, chain_id, chain, wallet_kind, message, signature, user_agent, at)
        values ('i-solana', 'acct', 's-solana', 'So1ana', null, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'EOA', 'm', 's', null, ${T0})`.execute(
        db,
      );
      await sql`insert into sessions (id, account_id, token_hash, chain_id, chain, created_at, last_seen_at, expires_at, address)
        values ('s-solana', 'acct', 'hash-3', null, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', ${T0}, ${T0}, ${T0 + 1}, 'So1ana')`.execute(
        db,
      );
      const row = await db
        .selectFrom('sessions')
        .select(['chain_id', 'chain'])
        .where('id', '=', 's-solana')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ chain_id: null, chain: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' });
    });
  });
});
