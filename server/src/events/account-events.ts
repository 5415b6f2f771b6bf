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
  /** The events that end a session, of every account, for closing its sockets. */
  'session-ended': [event: AccountEventMessage];
};

/** The event types after which a session is over. */
export const SESSION_ENDING: ReadonlySet<AccountEventType> = new Set([
  'SIGNED_OUT',
  'SESSION_REVOKED',
]);

export type AccountEvents = {
  publish(event: AccountEventMessage): void;
  /** The events of one account, until the iterator is returned. */
  subscribe(accountId: string): AsyncIterable<AccountEventMessage>;
  /** Every SIGNED_OUT and SESSION_REVOKED of every account: ends when `close()` is called. */
  subscribeSessionEnds(): AsyncIterable<AccountEventMessage>;
  /** Ends every open subscription (a shutdown: their streams complete); publishing still works. */
  endSubscriptions(): Promise<void>;
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

  const endSubscriptions = async () => {
    await Promise.all([...open].map((iterator) => iterator.return?.()));
  };

  return {
    publish(event) {
      pubSub.publish('account-event', event.accountId, event);
      // Only what ends a session travels to every instance's socket registry: a
      // sign-in, the busiest event, would wake every one of them for nothing.
      if (SESSION_ENDING.has(event.type)) pubSub.publish('session-ended', event);
    },
    subscribe: (accountId) => track(pubSub.subscribe('account-event', accountId)),
    subscribeSessionEnds: () => track(pubSub.subscribe('session-ended')),
    endSubscriptions,
    async close() {
      await endSubscriptions();
      if (clients) {
        clients.publishClient.disconnect();
        clients.subscribeClient.disconnect();
      }
    },
  };
}
