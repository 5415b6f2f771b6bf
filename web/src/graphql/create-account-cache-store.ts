import type { InMemoryCache, NormalizedCacheObject } from '@apollo/client';
import { CachePersistor, LocalStorageWrapper } from 'apollo3-cache-persist';

export type AccountCacheStore = {
  /** The account (its id) whose data the cache holds and persists, or null when it holds nobody's. */
  readonly owner: string | null;
  /**
   * Makes `owner` (an account id) the owner: restores its own snapshot (never another account's) and
   * persists the cache under its key from now on. Idempotent for the current owner.
   */
  attach(owner: string): Promise<void>;
  /**
   * Stops persisting and deletes every stored snapshot; empties the in-memory cache when it
   * belonged to someone (without an owner it holds no account's data, and emptying it
   * would only make live queries ask the server again).
   */
  purge(): Promise<void>;
};

export type CreateAccountCacheStoreParameters = {
  cache: InMemoryCache;
  /** @default globalThis.localStorage */
  storage?: Storage;
  /** @default 'sigil:apollo-cache:' */
  keyPrefix?: string;
};

/** docs/web-app.md: at most 1048576 characters, written at most once a second. */
const persistOptions = { maxSize: 1_048_576, debounce: 1_000 } as const;

/**
 * The persisted Apollo cache, keyed by account. A snapshot is only ever restored for the
 * account that wrote it, so a reload after an account change can never show the
 * previous account's sessions or history, even for a frame.
 */
export function createAccountCacheStore({
  cache,
  storage = globalThis.localStorage,
  keyPrefix = 'sigil:apollo-cache:',
}: CreateAccountCacheStoreParameters): AccountCacheStore {
  let owner: string | null = null;
  let persistor: CachePersistor<NormalizedCacheObject> | null = null;
  // attach and purge run one after the other, in call order.
  let queue: Promise<void> = Promise.resolve();

  const keyOf = (account: string) => `${keyPrefix}${account.toLowerCase()}`;
  const storedKeys = () =>
    Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key?.startsWith(keyPrefix) ?? false,
    );

  const detach = () => {
    persistor?.remove();
    persistor = null;
    owner = null;
  };

  const enqueue = (task: () => Promise<void>) => {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run;
  };

  return {
    get owner() {
      return owner;
    },
    attach: (account) =>
      enqueue(async () => {
        if (owner !== null && owner.toLowerCase() === account.toLowerCase()) return;
        const previousOwner = owner;
        detach();
        // Normally sign-out emptied it already; this is the guard for when it could not.
        if (previousOwner !== null) await cache.reset();
        const key = keyOf(account);
        for (const stale of storedKeys()) if (stale !== key) storage.removeItem(stale);
        persistor = new CachePersistor({
          cache,
          storage: new LocalStorageWrapper(storage),
          key,
          ...persistOptions,
        });
        owner = account;
        try {
          await persistor.restore();
        } catch {
          // An unreadable snapshot is only a slower first paint: drop it and start empty.
          storage.removeItem(key);
        }
      }),
    purge: () =>
      enqueue(async () => {
        const hadOwner = owner !== null;
        detach();
        for (const key of storedKeys()) storage.removeItem(key);
        if (hadOwner) await cache.reset();
      }),
  };
}
