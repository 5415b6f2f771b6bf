import { type Compilable, type CompiledQuery, createQueryId, SelectQueryNode } from 'kysely';
import type { Db } from './database.js';
import { readCacheOf } from './read-cache-registry.js';

let preparedQueries = 0;

/** Stands where a run's value goes while the query is built; never reaches the database. */
class Slot {
  constructor(readonly name: string) {}
}

type Compiled = { query: CompiledQuery; slots: (string | undefined)[] };

export type PreparedQuery<Args extends Record<string, unknown>, Row> = {
  /** Every row, with `args` bound where the query named them. Frozen when it may be served again. */
  all(db: Db, args: Args): Promise<readonly Row[]>;
  /** The first row, or undefined. */
  first(db: Db, args: Args): Promise<Row | undefined>;
};

export type PreparedQueryOptions = {
  /**
   * Serve a result again until the database changes, where the database has
   * a read cache (store/read-cache.ts: SQLite with one instance); never inside
   * a transaction. For the reads every request makes. @default false
   */
  cached?: boolean;
};

/**
 * A query built and compiled once per database, then run with new values.
 *
 * Why: Kysely builds and compiles its operation tree on every call, which for
 * the statements every request runs (the session behind the cookie, the
 * account, its wallets) cost several times the statement itself: 20 to 60 µs
 * per query in the builder against 3 to 5 µs in SQLite. Kysely has no
 * prepared-query API; this keeps its builder (and its types) for writing the
 * query and skips it when running one. `build` receives `arg(name)`, which
 * marks where a value goes; every other value in the query is fixed at build
 * time. Use `sql.lit` for constants that must stay in the SQL text (SQLite
 * re-plans a statement on every run when a bound value could select a
 * partial index). Only SELECTs: the read cache learns of writes from the
 * statements Kysely builds, and a prepared statement is not built again.
 */
export function preparedQuery<Args extends Record<string, unknown>, Row>(
  build: (db: Db, arg: <K extends keyof Args & string>(name: K) => Args[K]) => Compilable<Row>,
  options: PreparedQueryOptions = {},
): PreparedQuery<Args, Row> {
  // Names this query's results in a read cache.
  const queryNumber = ++preparedQueries;
  // Per database: the SQL differs between dialects.
  const compiledFor = new WeakMap<Db, Compiled>();

  const compile = (db: Db): Compiled => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      const query = build(db, (name) => new Slot(name) as never).compile();
      if (!SelectQueryNode.is(query.query)) {
        throw new TypeError('prepared query: only SELECT statements can be prepared');
      }
      const slots = query.parameters.map((value) =>
        value instanceof Slot ? value.name : undefined,
      );
      compiled = { query, slots };
      compiledFor.set(db, compiled);
    }
    return compiled;
  };

  const all = async (db: Db, args: Args): Promise<readonly Row[]> => {
    const { query, slots } = compile(db);
    const parameters = query.parameters.map((value, index) => {
      const name = slots[index];
      if (name === undefined) return value;
      if (!(name in args)) throw new TypeError(`prepared query: no value for ${name}`);
      return args[name];
    });
    const run = async () =>
      (await db.executeQuery<Row>({ ...query, queryId: createQueryId(), parameters })).rows;
    const cache = options.cached ? readCacheOf(db) : undefined;
    if (!cache) return run();
    const key = `${queryNumber} ${JSON.stringify(parameters)}`;
    const cached = cache.get<Row>(key);
    if (cached) return cached;
    const readSince = cache.generation;
    return cache.set(key, await run(), readSince);
  };

  return {
    all,
    first: async (db, args) => (await all(db, args))[0],
  };
}
