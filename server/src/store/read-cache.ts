import { type KyselyPlugin, type QueryId, SelectQueryNode } from 'kysely';
import { LRUCache } from 'lru-cache';

export type ReadCacheParameters = {
  /**
   * Result sets kept; the least recently used goes first. Results go stale at
   * every write, so only those read since the last one count: a few
   * kilobytes each (a session row with its account). @default 1000
   */
  maxEntries?: number;
  /** How long a result may be served without a write having been seen. @default 1000 */
  maxAgeMs?: number;
  /** Milliseconds from any origin (monotonic); tests pass their own. @default performance.now */
  now?: () => number;
};

/**
 * The results of the reads every authenticated request makes (the session
 * behind the cookie with its account, the account's wallets), served again
 * until the database changes.
 *
 * Why: on SQLite those two statements were a third of an authenticated `me`
 * (bench/me-throughput.ts). Each one is a few microseconds in a tight loop,
 * but between requests the rest of the server has pushed SQLite out of the
 * CPU's caches and each ran 15 to 25 µs; the Kysely and promise work around
 * them as much again.
 *
 * Why it is safe where it is used (SQLite without REDIS_URL: one instance, the
 * database's only writer, docs/decisions/sqlite-read-cache.md): `plugin` sees every statement that runs
 * through this database, transactions included, and empties the cache after
 * each one that is not a SELECT. Ending a session is such a statement, so the
 * very next request reads the database and is refused. A read that was under
 * way while a write ran is not stored (`set` compares generations), so a
 * result from before a write can never outlive it. A change made by another
 * process (a hand edit, a second instance sharing the file without Redis) is
 * seen within `maxAgeMs`. Results are frozen: a caller cannot change what the
 * next request is served.
 */
/** Rows, and the generation they were read in: stale once a write has run since. */
type Entry = { generation: number; rows: readonly unknown[] };

export class ReadCache {
  #generation = 0;
  readonly #entries: LRUCache<string, Entry>;
  /** Statements seen by transformQuery that may write, until their result arrives. */
  readonly #writes = new WeakSet<QueryId>();

  constructor(parameters: ReadCacheParameters = {}) {
    const { maxEntries = 1000, maxAgeMs = 1000, now } = parameters;
    this.#entries = new LRUCache({
      max: maxEntries,
      ttl: maxAgeMs,
      // Checked on each read against the clock itself, with no timer of its own.
      ttlAutopurge: false,
      ttlResolution: 0,
      ...(now && { perf: { now } }),
    });
  }

  /** Counts the writes seen; a read stores its result only if none ran since it began. */
  get generation(): number {
    return this.#generation;
  }

  /** Results stored, stale ones included. */
  get size(): number {
    return this.#entries.size;
  }

  get<Row>(key: string): readonly Row[] | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.generation === this.#generation) return entry.rows as readonly Row[];
    this.#entries.delete(key);
    return undefined;
  }

  /** Stores `rows`, read from the database since `generation` was `readSince`; returns them frozen. */
  set<Row>(key: string, rows: Row[], readSince: number): readonly Row[] {
    for (const row of rows) Object.freeze(row);
    const frozen = Object.freeze(rows);
    if (readSince === this.#generation)
      this.#entries.set(key, { generation: readSince, rows: frozen });
    return frozen;
  }

  /**
   * Makes every stored result stale: the database has changed. O(1), since
   * each sign-in writes several times: stale entries are never served and go
   * as the least recently used (emptying lru-cache walks all its slots).
   */
  invalidate(): void {
    this.#generation++;
  }

  /**
   * For the Kysely instance: invalidates after every statement other than a
   * SELECT (inserts, updates, deletes, raw SQL, schema changes) has run. After,
   * not before: a read that begins before the write has run carries the old
   * generation and is not stored.
   */
  readonly plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      if (!SelectQueryNode.is(node)) this.#writes.add(queryId);
      return node;
    },
    transformResult: async ({ queryId, result }) => {
      // numAffectedRows: a statement that reached the driver already compiled
      // (transformQuery never saw it) and wrote.
      if (this.#writes.has(queryId) || result.numAffectedRows !== undefined) {
        this.#writes.delete(queryId);
        this.invalidate();
      }
      return result;
    },
  };
}
