import type { Db } from './database.js';
import type { ReadCache } from './read-cache.js';

// Which database handles have a read cache. A transaction is a handle of its
// own and is never registered: its reads must see its own writes.
const readCaches = new WeakMap<Db, ReadCache>();

export function registerReadCache(db: Db, cache: ReadCache): void {
  readCaches.set(db, cache);
}

export function readCacheOf(db: Db): ReadCache | undefined {
  return readCaches.get(db);
}
