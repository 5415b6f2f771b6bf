import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseBackends } from '../../test/support/each-database.js';
import { createDatabase, type Store } from './create-database.js';
import { migrateToLatest } from './migrate.js';
import { preparedQuery } from './prepared-query.js';
import { ReadCache } from './read-cache.js';
import { readCacheOf } from './read-cache-registry.js';

const MAX_AGE_MS = 1000;

const walletsOf = preparedQuery<{ accountId: string }, { id: string; public: number }>(
  (db, arg) =>
    db
      .selectFrom('wallets')
      .select(['id', 'public'])
      .where('account_id', '=', arg('accountId'))
      .orderBy('id'),
  { cached: true },
);

const uncachedWalletsOf = preparedQuery<{ accountId: string }, { id: string; public: number }>(
  (db, arg) =>
    db
      .selectFrom('wallets')
      .select(['id', 'public'])
      .where('account_id', '=', arg('accountId'))
      .orderBy('id'),
);

const wallet = (id: string, account_id: string) => ({
  id,
  account_id,
  address: `0x${id.padStart(40, '0')}`,
  chain_id: null,
  kind: 'EOA' as const,
  identity: `identity-${id}`,
  is_primary: 0,
  linked_at: 1,
  link_message: null,
  link_signature: null,
  proof_message: null,
  proof_signature: null,
  proof_chain_id: null,
  proof_at: null,
});

describe('the read cache (SQLite, one writer)', () => {
  let dir: string;
  let path: string;
  let store: Store;
  let now: number;
  /** Another process's connection to the same file: writes the cache cannot see. */
  let outsider: SQLite.Database;

  const ids = async (accountId = 'account-a') =>
    (await walletsOf.all(store.db, { accountId })).map((row) => `${row.id}:${row.public}`);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sigil-read-cache-'));
    path = join(dir, 'sigil.sqlite');
    // Not 0: lru-cache takes a start time of 0 as "no time recorded".
    now = 1_000_000;
    store = createDatabase(
      { kind: 'sqlite', path },
      { readCache: { maxAgeMs: MAX_AGE_MS, now: () => now } },
    );
    await migrateToLatest(store);
    await store.db
      .insertInto('accounts')
      .values([
        { id: 'account-a', created_at: 1 },
        { id: 'account-b', created_at: 1 },
      ])
      .execute();
    await store.db
      .insertInto('wallets')
      .values([wallet('1', 'account-a'), wallet('2', 'account-b')])
      .execute();
    outsider = new SQLite(path);
  });

  afterEach(async () => {
    outsider.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a result again without the database, until its age runs out', async () => {
    expect(await ids()).toEqual(['1:0']);
    outsider.prepare("update wallets set public = 1 where id = '1'").run();
    // Not read again: the outsider's change is not seen yet…
    now += MAX_AGE_MS - 1;
    expect(await ids()).toEqual(['1:0']);
    // …and is once the result is older than the bound.
    now += 2;
    expect(await ids()).toEqual(['1:1']);
    // A query without `cached` always reads the database.
    outsider.prepare("update wallets set public = 0 where id = '1'").run();
    expect(
      (await uncachedWalletsOf.all(store.db, { accountId: 'account-a' })).map((r) => r.public),
    ).toEqual([0]);
  });

  it('keeps results apart by their values', async () => {
    expect(await ids('account-a')).toEqual(['1:0']);
    expect(await ids('account-b')).toEqual(['2:0']);
  });

  it.each([
    ['an update', (s: Store) => s.db.updateTable('wallets').set({ public: 1 }).execute()],
    [
      'an insert',
      (s: Store) => s.db.insertInto('wallets').values(wallet('3', 'account-a')).execute(),
    ],
    ['a delete', (s: Store) => s.db.deleteFrom('wallets').where('id', '=', '2').execute()],
    [
      'an update … returning',
      (s: Store) => s.db.updateTable('wallets').set({ public: 1 }).returning('id').execute(),
    ],
    ['raw SQL', (s: Store) => sql`update wallets set public = 1`.execute(s.db)],
    [
      'a committed transaction',
      (s: Store) =>
        s.db
          .transaction()
          .execute((trx) => trx.updateTable('accounts').set({ created_at: 2 }).execute()),
    ],
  ])('is emptied by %s through the same database', async (_what, write) => {
    expect(await ids()).toEqual(['1:0']);
    // Changed behind the cache's back first, so only an emptied cache shows it.
    outsider.prepare("update wallets set public = 1 where id = '1'").run();
    await write(store);
    expect(await ids()).toEqual(
      (await uncachedWalletsOf.all(store.db, { accountId: 'account-a' })).map(
        (row) => `${row.id}:${row.public}`,
      ),
    );
    expect(await ids()).toContain('1:1');
  });

  it('is never used inside a transaction, which sees its own writes', async () => {
    expect(await ids()).toEqual(['1:0']);
    await store.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('wallets').set({ public: 1 }).where('id', '=', '1').execute();
        expect((await walletsOf.all(trx, { accountId: 'account-a' })).map((r) => r.public)).toEqual(
          [1],
        );
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await ids()).toEqual(['1:0']);
  });

  it('serves frozen rows: a caller cannot change what the next request gets', async () => {
    const rows = await walletsOf.all(store.db, { accountId: 'account-a' });
    expect(() => {
      (rows[0] as { public: number }).public = 7;
    }).toThrow(TypeError);
    expect(() => (rows as { id: string; public: number }[]).push({ id: 'x', public: 0 })).toThrow(
      TypeError,
    );
    expect(await ids()).toEqual(['1:0']);
  });

  it('is off unless asked for', async () => {
    const plain = createDatabase({ kind: 'sqlite', path });
    try {
      expect(readCacheOf(plain.db)).toBeUndefined();
      expect(readCacheOf(store.db)).toBeInstanceOf(ReadCache);
    } finally {
      await plain.close();
    }
  });
});

describe('ReadCache', () => {
  it('does not store a result read while a write ran', () => {
    const cache = new ReadCache();
    const readSince = cache.generation;
    cache.invalidate();
    cache.set('key', [{ stale: true }], readSince);
    expect(cache.get('key')).toBeUndefined();
    cache.set('key', [{ stale: false }], cache.generation);
    expect(cache.get('key')).toEqual([{ stale: false }]);
  });

  it('keeps at most maxEntries results, dropping the least recently used', () => {
    const cache = new ReadCache({ maxEntries: 2 });
    cache.set('a', [1], cache.generation);
    cache.set('b', [2], cache.generation);
    cache.get('a');
    cache.set('c', [3], cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual([1]);
  });
});

const postgres = databaseBackends.find((backend) => backend.kind === 'postgres');

describe.skipIf(!postgres?.available)('the read cache on PostgreSQL', () => {
  it('is never made: other instances write to the same database', async () => {
    const opened = await postgres?.open();
    if (!opened) throw new Error('no PostgreSQL');
    const pg = createDatabase(opened.database, { readCache: true });
    try {
      expect(readCacheOf(pg.db)).toBeUndefined();
    } finally {
      await pg.close();
      await opened.cleanup();
    }
  });
});
