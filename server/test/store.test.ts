import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAvailable } from '../../testing/services.js';
import { findAccountById, findOrCreateAccount } from '../src/accounts/account-store.js';
import { listSignIns, recordSignIn } from '../src/accounts/sign-in-store.js';
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
import { migrateToLatest } from '../src/store/migrate.js';
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
        expect(firstRun).toEqual(['0001-initial']);
        const tables = (await store.db.introspection.getTables()).map((table) => table.name);
        expect(tables).toEqual(
          expect.arrayContaining(['accounts', 'nonces', 'sessions', 'sign_ins']),
        );
      });

      it('are idempotent: a second run applies nothing and keeps the rows', async () => {
        const account = await findOrCreateAccount(store.db, { address: randomAddress(), now: T0 });
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
      it('finds the account it created for an address, unchanged, on every later call', async () => {
        const address = randomAddress();
        const created = await findOrCreateAccount(store.db, { address, now: T0 });
        expect(created).toMatchObject({ address, created_at: T0 });
        expect(await findOrCreateAccount(store.db, { address, now: T0 + 5000 })).toEqual(created);
      });

      it('creates one row for an address under 20 concurrent first sign-ins', async () => {
        const address = randomAddress();
        const accounts = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            findOrCreateAccount(store.db, { address, now: T0 + i }),
          ),
        );
        expect(new Set(accounts.map((account) => account.id)).size).toBe(1);
        const rows = await store.db
          .selectFrom('accounts')
          .selectAll()
          .where('address', '=', address)
          .execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]?.id).toBe(accounts[0]?.id);
      });
    });

    describe('sessions', () => {
      const newAccount = () => findOrCreateAccount(store.db, { address: randomAddress(), now: T0 });
      const start = (accountId: string, now = T0) =>
        createSession(store.db, { accountId, chainId: 31337, userAgent: 'vitest', now, lifetimes });

      it('finds a session by its token, and stores only the sha256 of the token', async () => {
        const account = await newAccount();
        const { session, token } = await start(account.id);
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
        const { session, token } = await start(account.id);
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
        const { session, token } = await start(account.id);
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
        const { session, token } = await start(owner.id);

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
        const idle = await start(account.id, T0 - lifetimes.idleTimeoutSeconds * 1000);
        const oldest = await start(account.id, T0);
        const ended = await start(account.id, T0 + 1000);
        const middle = await start(account.id, T0 + 2000);
        const newest = await start(account.id, T0 + 3000);
        await start(other.id, T0 + 4000);
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
        const account = await findOrCreateAccount(store.db, { address: randomAddress(), now: T0 });
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
        const account = await findOrCreateAccount(store.db, { address: randomAddress(), now: T0 });
        const other = await findOrCreateAccount(store.db, { address: randomAddress(), now: T0 });
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
