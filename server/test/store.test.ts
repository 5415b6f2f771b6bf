import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAvailable } from '../../testing/services.js';
import { findAccountById, findOrCreateAccountForWallet } from '../src/accounts/account-store.js';
import { listSignIns, recordSignIn } from '../src/accounts/sign-in-store.js';
import { type VerifiedWalletKind, walletIdentity } from '../src/accounts/wallet-identity.js';
import { consumeNonce, createNonce, deleteStaleNonces } from '../src/auth/nonce/nonce-store.js';
import type { Config } from '../src/config.js';
import {
  createSession,
  endSession,
  findLiveSessionByToken,
  isSessionLive,
  listLiveSessions,
  touchSession,
} from '../src/sessions/session-store.js';
import { createDatabase, type Store } from '../src/store/create-database.js';
import { createMigrator, migrateToLatest } from '../src/store/migrate.js';
import { createPostgresSchema } from './support/test-server.js';

/**
 * The store functions against real databases: the same suite on a SQLite file
 * and on the machine's PostgreSQL, so the one migration set and every query
 * behave alike on both.
 */
type Backend = {
  name: string;
  available: boolean;
  open(): Promise<{ database: Config['database']; cleanup(): Promise<void> }>;
};

const backends: Backend[] = [
  {
    name: 'SQLite',
    available: true,
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'sigil-store-'));
      return {
        database: { kind: 'sqlite', path: join(dir, 'store.sqlite') },
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'PostgreSQL',
    available: await serviceAvailable('PostgreSQL'),
    async open() {
      const schema = await createPostgresSchema();
      return { database: { kind: 'postgres', url: schema.url }, cleanup: () => schema.drop() };
    },
  },
];

const lifetimes = { maxAgeSeconds: 3600, idleTimeoutSeconds: 600 };
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);
const identity = (address: string, chainId = 31337, verifiedAs: VerifiedWalletKind = 'EOA') =>
  walletIdentity({ address, chainId, verifiedAs });

describe.each(backends)('store on $name', ({ name, available, open }) => {
  describe.skipIf(!available)(`${name}`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    let firstRun: string[];

    beforeAll(async () => {
      const opened = await open();
      cleanup = opened.cleanup;
      store = createDatabase(opened.database);
      firstRun = await migrateToLatest(store);
    });
    afterAll(async () => {
      await store?.close();
      await cleanup?.();
    });

    describe('migrations', () => {
      it('run every migration on an empty database and create every table', async () => {
        expect(firstRun).toEqual(['0001-initial', '0002-wallet-identity']);
        const tables = (await store.db.introspection.getTables()).map((table) => table.name);
        expect(tables).toEqual(
          expect.arrayContaining(['accounts', 'wallets', 'nonces', 'sessions', 'sign_ins']),
        );
      });

      it('are idempotent: a second run applies nothing and keeps the rows', async () => {
        const { account } = await findOrCreateAccountForWallet(store.db, {
          identity: identity(randomAddress()),
          now: T0,
        });
        expect(await migrateToLatest(store)).toEqual([]);
        expect(await findAccountById(store.db, account.id)).toEqual(account);
      });
    });

    describe('nonces', () => {
      it('creates a 128-bit hex nonce that expires after its TTL', async () => {
        const nonce = await createNonce(store.db, { now: T0, ttlSeconds: 600 });
        expect(nonce.value).toMatch(/^[0-9a-f]{32}$/);
        expect(nonce).toMatchObject({ createdAt: T0, expiresAt: T0 + 600_000 });
      });

      it('consumes a nonce once: a second consume gets nothing', async () => {
        const nonce = await createNonce(store.db, { now: T0, ttlSeconds: 600 });
        expect(await consumeNonce(store.db, { value: nonce.value, now: T0 + 1000 })).toEqual(nonce);
        expect(
          await consumeNonce(store.db, { value: nonce.value, now: T0 + 2000 }),
        ).toBeUndefined();
      });

      it('gets nothing for a nonce it never issued', async () => {
        expect(
          await consumeNonce(store.db, { value: 'abcdef0123456789', now: T0 }),
        ).toBeUndefined();
      });

      it('returns an expired nonce with its expiry, so the caller can refuse it', async () => {
        const nonce = await createNonce(store.db, { now: T0, ttlSeconds: 60 });
        const consumed = await consumeNonce(store.db, { value: nonce.value, now: T0 + 61_000 });
        expect(consumed).toEqual(nonce);
        expect(consumed?.expiresAt).toBeLessThan(T0 + 61_000);
        expect(
          await consumeNonce(store.db, { value: nonce.value, now: T0 + 62_000 }),
        ).toBeUndefined();
      });

      it('lets exactly one of 50 concurrent consumes of one nonce win', async () => {
        const nonce = await createNonce(store.db, { now: T0, ttlSeconds: 600 });
        const attempts = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            consumeNonce(store.db, { value: nonce.value, now: T0 + i }),
          ),
        );
        expect(attempts.filter((attempt) => attempt !== undefined)).toEqual([nonce]);
      });

      it('deletes used and expired nonces and keeps the usable ones', async () => {
        await store.db.deleteFrom('nonces').execute();
        const usable = await createNonce(store.db, { now: T0, ttlSeconds: 600 });
        const used = await createNonce(store.db, { now: T0, ttlSeconds: 600 });
        await consumeNonce(store.db, { value: used.value, now: T0 + 1000 });
        await createNonce(store.db, { now: T0 - 120_000, ttlSeconds: 60 });

        expect(await deleteStaleNonces(store.db, { now: T0 + 2000 })).toBe(2);
        const left = await store.db.selectFrom('nonces').select('value').execute();
        expect(left).toEqual([{ value: usable.value }]);
        expect(await consumeNonce(store.db, { value: usable.value, now: T0 + 3000 })).toEqual(
          usable,
        );
      });
    });

    describe('accounts', () => {
      it('finds the account it created for a wallet, unchanged, on every later call', async () => {
        const address = randomAddress();
        const created = await findOrCreateAccountForWallet(store.db, {
          identity: identity(address),
          now: T0,
        });
        expect(created.account).toMatchObject({ address, created_at: T0 });
        expect(created.wallet).toMatchObject({ address, kind: 'EOA', chain_id: null });
        const again = await findOrCreateAccountForWallet(store.db, {
          identity: identity(address),
          now: T0 + 5000,
        });
        expect(again).toEqual(created);
        expect(await findAccountById(store.db, created.account.id)).toEqual(created.account);
      });

      it('opens one account for an EOA whatever the chain of its message', async () => {
        const address = randomAddress();
        const chains = [1, 137, 8453, 11155111];
        const found = await Promise.all(
          chains.map((chainId) =>
            findOrCreateAccountForWallet(store.db, {
              identity: identity(address, chainId),
              now: T0,
            }),
          ),
        );
        expect(new Set(found.map(({ account }) => account.id)).size).toBe(1);
      });

      it('opens a contract wallet only on its own chain: the same address elsewhere is another account', async () => {
        const address = randomAddress();
        const onA = await findOrCreateAccountForWallet(store.db, {
          identity: identity(address, 31337, 'CONTRACT'),
          now: T0,
        });
        const onB = await findOrCreateAccountForWallet(store.db, {
          identity: identity(address, 11155111, 'CONTRACT'),
          now: T0,
        });
        expect(onB.account.id).not.toBe(onA.account.id);
        expect(onA.wallet).toMatchObject({ kind: 'CONTRACT', chain_id: 31337 });
        expect(onB.wallet).toMatchObject({ kind: 'CONTRACT', chain_id: 11155111 });
        // Both accounts show the same address; only the chain tells them apart.
        expect(onA.account.address).toBe(address);
        expect(onB.account.address).toBe(address);

        // A counterfactual wallet is the same identity once deployed on that chain.
        const deployed = await findOrCreateAccountForWallet(store.db, {
          identity: identity(address, 31337, 'COUNTERFACTUAL'),
          now: T0,
        });
        expect(deployed.account.id).toBe(onA.account.id);
        // An EOA signature for the address is the key itself: not the contract's identity.
        const asEoa = await findOrCreateAccountForWallet(store.db, {
          identity: identity(address, 31337, 'EOA'),
          now: T0,
        });
        expect(asEoa.account.id).not.toBe(onA.account.id);
      });

      it('creates one account for a wallet under 20 concurrent first sign-ins', async () => {
        const address = randomAddress();
        // A time no other test creates accounts at, so the rows below are this test's.
        const at = T0 + 7_000_000;
        const found = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            findOrCreateAccountForWallet(store.db, {
              identity: identity(address, 31337, 'CONTRACT'),
              now: at + i,
            }),
          ),
        );
        expect(new Set(found.map(({ account }) => account.id)).size).toBe(1);
        const wallets = await store.db
          .selectFrom('wallets')
          .selectAll()
          .where('address', '=', address)
          .execute();
        expect(wallets).toHaveLength(1);
        expect(wallets[0]?.account_id).toBe(found[0]?.account.id);
        const accounts = await store.db
          .selectFrom('accounts')
          .select('id')
          .where('created_at', '>=', at)
          .where('created_at', '<', at + 20)
          .execute();
        // The losers' account rows went with their conflict.
        expect(accounts.filter(({ id }) => id === found[0]?.account.id)).toHaveLength(1);
        expect(
          accounts.filter(({ id }) => !found.some(({ account }) => account.id === id)),
        ).toEqual([]);
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
        const opened = await open();
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

        expect(await migrateToLatest(legacy)).toEqual(['0002-wallet-identity']);
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

    describe('sessions', () => {
      const newAccount = async () => {
        const { account, wallet } = await findOrCreateAccountForWallet(store.db, {
          identity: identity(randomAddress()),
          now: T0,
        });
        return { id: account.id, walletId: wallet.id };
      };
      const start = (account: { id: string; walletId: string }, now = T0) =>
        createSession(store.db, {
          accountId: account.id,
          walletId: account.walletId,
          chainId: 31337,
          userAgent: 'vitest',
          now,
          lifetimes,
        });

      it('finds a session by its token, and stores only the sha256 of the token', async () => {
        const account = await newAccount();
        const { session, token } = await start(account);
        expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(
          await findLiveSessionByToken(store.db, { token, now: T0 + 1000, lifetimes }),
        ).toEqual(session);

        const row = await store.db
          .selectFrom('sessions')
          .selectAll()
          .where('id', '=', session.id)
          .executeTakeFirstOrThrow();
        expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
        expect(JSON.stringify(row)).not.toContain(token);
      });

      it('finds nothing for a token it never issued', async () => {
        const token = randomBytes(32).toString('base64url');
        expect(
          await findLiveSessionByToken(store.db, { token, now: T0, lifetimes }),
        ).toBeUndefined();
      });

      it('ends a session that idles past the idle timeout, and activity keeps it alive', async () => {
        const account = await newAccount();
        const { session, token } = await start(account);
        const idleEnd = T0 + lifetimes.idleTimeoutSeconds * 1000;
        expect(isSessionLive(session, idleEnd - 1, lifetimes)).toBe(true);
        expect(isSessionLive(session, idleEnd, lifetimes)).toBe(false);
        expect(
          await findLiveSessionByToken(store.db, { token, now: idleEnd, lifetimes }),
        ).toBeUndefined();

        const touched = await touchSession(store.db, {
          session,
          now: idleEnd - 1000,
          resolutionMs: 60_000,
        });
        expect(isSessionLive(touched, idleEnd + 1000, lifetimes)).toBe(true);
        const found = await findLiveSessionByToken(store.db, {
          token,
          now: idleEnd + 1000,
          lifetimes,
        });
        expect(found?.last_seen_at).toBe(idleEnd - 1000);
      });

      it('ends a session at its absolute lifetime however active it is', async () => {
        const account = await newAccount();
        const { session, token } = await start(account);
        const absoluteEnd = T0 + lifetimes.maxAgeSeconds * 1000;
        expect(session.expires_at).toBe(absoluteEnd);
        let row = session;
        for (let now = T0 + 300_000; now < absoluteEnd; now += 300_000) {
          row = await touchSession(store.db, { session: row, now, resolutionMs: 60_000 });
        }
        expect(isSessionLive(row, absoluteEnd - 1, lifetimes)).toBe(true);
        expect(isSessionLive(row, absoluteEnd, lifetimes)).toBe(false);
        expect(
          await findLiveSessionByToken(store.db, { token, now: absoluteEnd - 1, lifetimes }),
        ).toBeDefined();
        expect(
          await findLiveSessionByToken(store.db, { token, now: absoluteEnd, lifetimes }),
        ).toBeUndefined();
      });

      it('ends a session only for its own account, and only once', async () => {
        const owner = await newAccount();
        const stranger = await newAccount();
        const { session, token } = await start(owner);

        const byStranger = await endSession(store.db, {
          id: session.id,
          accountId: stranger.id,
          reason: 'REVOKED',
          now: T0 + 1000,
        });
        expect(byStranger).toBeUndefined();
        expect(
          await findLiveSessionByToken(store.db, { token, now: T0 + 1000, lifetimes }),
        ).toBeDefined();

        const byOwner = await endSession(store.db, {
          id: session.id,
          accountId: owner.id,
          reason: 'REVOKED',
          now: T0 + 2000,
        });
        expect(byOwner).toMatchObject({
          id: session.id,
          ended_at: T0 + 2000,
          end_reason: 'REVOKED',
        });
        expect(
          await findLiveSessionByToken(store.db, { token, now: T0 + 3000, lifetimes }),
        ).toBeUndefined();
        expect(
          await endSession(store.db, {
            id: session.id,
            accountId: owner.id,
            reason: 'REVOKED',
            now: T0 + 4000,
          }),
        ).toBeUndefined();
      });

      it("lists an account's live sessions newest first, without ended, idle or others' sessions", async () => {
        const account = await newAccount();
        const other = await newAccount();
        const idle = await start(account, T0 - lifetimes.idleTimeoutSeconds * 1000);
        const oldest = await start(account, T0);
        const ended = await start(account, T0 + 1000);
        const middle = await start(account, T0 + 2000);
        const newest = await start(account, T0 + 3000);
        await start(other, T0 + 4000);
        await endSession(store.db, { id: ended.session.id, reason: 'SIGNED_OUT', now: T0 + 3500 });

        const live = await listLiveSessions(store.db, {
          accountId: account.id,
          now: T0 + 5000,
          lifetimes,
        });
        expect(live.map((row) => row.id)).toEqual([
          newest.session.id,
          middle.session.id,
          oldest.session.id,
        ]);
        expect(live.map((row) => row.id)).not.toContain(idle.session.id);
      });
    });

    describe('sign-ins', () => {
      const record = (
        accountId: string,
        at: number,
        fields: { message?: string; signature?: string } = {},
      ) =>
        recordSignIn(store.db, {
          account_id: accountId,
          session_id: crypto.randomUUID(),
          address: randomAddress(),
          chain_id: 31337,
          wallet_kind: 'EOA',
          message: fields.message ?? `message at ${at}`,
          signature: fields.signature ?? `0x${'ab'.repeat(65)}`,
          user_agent: null,
          at,
        });

      it('keeps the message and signature verbatim, so a sign-in can be re-verified later', async () => {
        const { account } = await findOrCreateAccountForWallet(store.db, {
          identity: identity(randomAddress()),
          now: T0,
        });
        // Line breaks, trailing spaces and non-ASCII are what a naive store would mangle.
        const message = `localhost wants you to sign in with your Ethereum account:\r\n${account.address}\n\nSign in — ☀️ ünïcode  \n\nNonce: abcdef0123456789`;
        const signature = `0x${'Ab'.repeat(32)}${'cD'.repeat(33)}${'00'.repeat(200)}`;
        const id = await record(account.id, T0, { message, signature });

        const row = await store.db
          .selectFrom('sign_ins')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.message).toBe(message);
        expect(row.signature).toBe(signature);
      });

      it("pages an account's sign-ins newest first and says whether more follow", async () => {
        const newAccountId = async () =>
          (
            await findOrCreateAccountForWallet(store.db, {
              identity: identity(randomAddress()),
              now: T0,
            })
          ).account.id;
        const account = { id: await newAccountId() };
        const other = { id: await newAccountId() };
        const ids: string[] = [];
        for (let i = 0; i < 5; i++) {
          ids.push(await record(account.id, T0 + i * 1000));
          await record(other.id, T0 + i * 1000);
        }
        const newestFirst = [...ids].reverse();

        const page1 = await listSignIns(store.db, { accountId: account.id, first: 2 });
        expect(page1.rows.map((row) => row.id)).toEqual(newestFirst.slice(0, 2));
        expect(page1.hasNextPage).toBe(true);

        const page2 = await listSignIns(store.db, {
          accountId: account.id,
          first: 2,
          afterSeq: page1.rows[1]?.seq,
        });
        expect(page2.rows.map((row) => row.id)).toEqual(newestFirst.slice(2, 4));
        expect(page2.hasNextPage).toBe(true);

        const page3 = await listSignIns(store.db, {
          accountId: account.id,
          first: 2,
          afterSeq: page2.rows[1]?.seq,
        });
        expect(page3.rows.map((row) => row.id)).toEqual(newestFirst.slice(4));
        expect(page3.hasNextPage).toBe(false);

        const exact = await listSignIns(store.db, { accountId: account.id, first: 5 });
        expect(exact.rows).toHaveLength(5);
        expect(exact.hasNextPage).toBe(false);
        expect(typeof exact.rows[0]?.seq).toBe('number');
      });
    });
  });
});
