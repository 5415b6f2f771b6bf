/**
 * One value the first paint shares between plain code and components, which
 * read it with `useSyncExternalStore(subscribe, get)`: the entry holds no
 * state library (the wallet stack's zustand comes later), and three small
 * stores need the same get, set and subscribe.
 */
export type ObservableValue<T> = {
  get(): T;
  /** Replaces the value and tells every listener; the same value (Object.is) tells no one. */
  set(next: T): void;
  /** Calls `listener` at each change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
};

export function observableValue<T>(initial: T): ObservableValue<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
