import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the HTTP request being served, wherever in its async work we are,
 * so a masked GraphQL error can be logged (and shown) with it.
 */
export const requestIdStorage = new AsyncLocalStorage<string>();

export function currentRequestId(): string | undefined {
  return requestIdStorage.getStore();
}
