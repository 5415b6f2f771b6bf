import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheStatements } from './cache-statements.js';

/** A real in-memory database that counts how often SQLite compiles a statement. */
function countingDatabase() {
  const database = new SQLite(':memory:');
  database.exec('create table items (id integer primary key, name text not null)');
  const prepare = database.prepare.bind(database);
  const prepared: string[] = [];
  database.prepare = ((source: string) => {
    prepared.push(source);
    return prepare(source);
  }) as typeof database.prepare;
  return { database, prepared };
}

const opened: SQLite.Database[] = [];
function open() {
  const counting = countingDatabase();
  opened.push(counting.database);
  return counting;
}

afterEach(() => {
  for (const database of opened.splice(0)) if (database.open) database.close();
});

describe('cacheStatements', () => {
  it('compiles each SQL text once and hands the same statement back', () => {
    const { database, prepared } = open();
    const cached = cacheStatements(database);
    const insert = 'insert into items (name) values (?)';
    const first = cached.prepare(insert);
    first.run(['one']);
    const second = cached.prepare(insert);
    second.run(['two']);
    expect(second).toBe(first);
    expect(prepared.filter((source) => source === insert)).toHaveLength(1);
    expect(cached.prepare('select name from items order by id').all([])).toEqual([
      { name: 'one' },
      { name: 'two' },
    ]);
  });

  it('keeps at most maxStatements, forgetting the least recently used first', () => {
    const { database, prepared } = open();
    const cached = cacheStatements(database, { maxStatements: 2 });
    const a = 'select 1 as a';
    const b = 'select 2 as b';
    const c = 'select 3 as c';
    cached.prepare(a);
    cached.prepare(b);
    cached.prepare(a); // a is now more recent than b
    cached.prepare(c); // over the bound: b goes
    cached.prepare(a);
    cached.prepare(c);
    expect(prepared).toEqual([a, b, c]);
    cached.prepare(b);
    expect(prepared).toEqual([a, b, c, b]);
  });

  it('closes the database it wraps', () => {
    const { database } = open();
    cacheStatements(database).close();
    expect(database.open).toBe(false);
  });

  it('refuses a bound that is not a positive integer', () => {
    const { database } = open();
    expect(() => cacheStatements(database, { maxStatements: 0 })).toThrow(RangeError);
  });
});
