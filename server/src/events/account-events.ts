import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';

export type AccountEventType = 'SIGNED_IN' | 'SIGNED_OUT' | 'SESSION_REVOKED';

/** What travels between instances: ids only, resolvers load the rest. */
export type AccountEventMessage = {
  type: AccountEventType;
  at: number;
  accountId: string;
  sessionId: string;
};

type Topics = {
  /** Every event of one account: what `accountEvents` streams. */
  'account-event': [accountId: string, event: AccountEventMessage];
  /** Every event of every account, for closing the sockets of ended sessions. */
  'any-account-event': [event: AccountEventMessage];
};

export type AccountEvents = {
  publish(event: AccountEventMessage): void;
  /** The events of one account, until the iterator is returned. */
  subscribe(accountId: string): AsyncIterable<AccountEventMessage>;
  /** Every event of every account: ends when `close()` is called. */
  subscribeAll(): AsyncIterable<AccountEventMessage>;
  close(): Promise<void>;
};

/**
 * In-process pub/sub by default; with REDIS_URL the same topics travel over
 * Redis, so a sign-out on one instance reaches sockets held by another.
 */
export function createAccountEvents({
  redisUrl,
}: {
  redisUrl?: string | undefined;
}): AccountEvents {
  const clients = redisUrl
    ? {
        publishClient: new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 }),
        subscribeClient: new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 }),
      }
    : undefined;
  const pubSub = createPubSub<Topics>(
    clients ? { eventTarget: createRedisEventTarget(clients) } : undefined,
  );
  const open = new Set<AsyncIterator<unknown>>();
  const track = <T>(iterable: AsyncIterable<T>): AsyncIterable<T> => ({
    [Symbol.asyncIterator]() {
      const iterator = iterable[Symbol.asyncIterator]();
      open.add(iterator);
      return {
        next: () => iterator.next(),
        return: async (value?: unknown) => {
          open.delete(iterator);
          return (await iterator.return?.(value)) ?? { done: true, value: undefined };
        },
      };
    },
  });

  return {
    publish(event) {
      pubSub.publish('account-event', event.accountId, event);
      pubSub.publish('any-account-event', event);
    },
    subscribe: (accountId) => track(pubSub.subscribe('account-event', accountId)),
    subscribeAll: () => track(pubSub.subscribe('any-account-event')),
    async close() {
      await Promise.all([...open].map((iterator) => iterator.return?.()));
      if (clients) {
        clients.publishClient.disconnect();
        clients.subscribeClient.disconnect();
      }
    },
  };
}
