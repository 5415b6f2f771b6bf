import { createPubSub } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { WalletView } from '../accounts/wallet-store.js';
import { createRedisClient, type RedisHealth } from '../store/create-redis-client.js';
import { createLocalFirstRedisEventTarget } from './local-first-redis-event-target.js';

export type AccountEventType =
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'SESSION_REVOKED'
  | 'WALLET_LINKED'
  | 'WALLET_UNLINKED';

/**
 * What travels between instances: ids, which resolvers load, and for a
 * wallet event the wallet itself, since an unlinked one is gone from the
 * database by the time a subscriber reads it.
 */
export type AccountEventMessage = {
  type: AccountEventType;
  at: number;
  accountId: string;
  /** The session concerned; for a wallet event, the session that acted. */
  sessionId: string;
  wallet?: WalletView;
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
  /** Redis's state for /readyz: 'off' without REDIS_URL. */
  redisHealth(): RedisHealth;
  /** Ends every open subscription (a shutdown: their streams complete); publishing still works. */
  endSubscriptions(): Promise<void>;
  close(): Promise<void>;
};

/**
 * In-process pub/sub by default; with REDIS_URL the same topics also travel
 * over Redis, so a sign-out on one instance reaches sockets held by another.
 * A Redis outage never stops this instance's own events (see
 * local-first-redis-event-target.ts).
 */
export function createAccountEvents({
  redisUrl,
  logger,
}: {
  redisUrl?: string | undefined;
  logger: Pick<Logger, 'warn' | 'info'>;
}): AccountEvents {
  const clients = redisUrl
    ? {
        // A publish while Redis is down fails at once instead of queueing.
        publishClient: createRedisClient(redisUrl, { logger, name: 'events publisher' }),
        // Subscriptions made during an outage wait for the reconnection.
        subscribeClient: createRedisClient(redisUrl, {
          logger,
          name: 'events subscriber',
          queueWhileDown: true,
        }),
      }
    : undefined;
  const pubSub = createPubSub<Topics>(
    clients ? { eventTarget: createLocalFirstRedisEventTarget({ ...clients, logger }) } : undefined,
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
    redisHealth: () =>
      clients ? (clients.publishClient.status === 'ready' ? 'ok' : 'down') : 'off',
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
