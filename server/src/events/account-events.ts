import { createPubSub } from 'graphql-yoga';
import type { Logger } from 'pino';
import { createRedisClient, type RedisHealth } from '../store/create-redis-client.js';
import { createLocalFirstRedisEventTarget } from './local-first-redis-event-target.js';

export type AccountEventType =
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'SESSION_REVOKED'
  | 'WALLET_LINKED'
  | 'WALLET_UNLINKED'
  | 'APP_AUTHORIZED'
  | 'APP_REVOKED'
  | 'ROLES_CHANGED'
  | 'ACCOUNT_SUSPENDED'
  | 'PASSKEY_ADDED'
  | 'PASSKEY_REMOVED';

/**
 * What travels between instances: ids, which resolvers load, and for a
 * wallet event the wallet itself, since an unlinked one is gone from the
 * database by the time a subscriber reads it.
 */
export type AccountEventMessage =
  | (EventFields & {
      type: Exclude<
        AccountEventType,
        'ROLES_CHANGED' | 'ACCOUNT_SUSPENDED' | 'PASSKEY_ADDED' | 'PASSKEY_REMOVED'
      >;
      /** The session concerned; for a wallet event, the session that acted. */
      sessionId: string;
    })
  | (EventFields & {
      type: 'ROLES_CHANGED';
      /**
       * The account's own session whose action led to the check; none when no
       * session of the account asked (an administrator, an app's token, a
       * stale read): subscribers then see their own.
       */
      sessionId?: string;
      /** Every role the account holds after the change, sorted. */
      roles?: string[];
    })
  | (EventFields & {
      type: 'ACCOUNT_SUSPENDED';
      /** Unset: no session of the account acted; each subscriber sees its own, just ended. */
      sessionId?: string;
      /**
       * The sessions the suspension ended: every instance closes their
       * sockets with 4403 once this event has reached them
       * (docs/administration.md).
       */
      endedSessionIds?: string[];
    })
  | (EventFields & {
      type: 'PASSKEY_ADDED' | 'PASSKEY_REMOVED';
      /** The session that acted; unset when an administrator removed it. */
      sessionId?: string;
    });

/**
 * Who caused an event. The event goes to the account's own subscribers, so it
 * names only the account's own sessions: an administrator's or a check's
 * event carries no session id of theirs (event-resolvers.ts).
 */
export type EventActor = 'SELF' | 'ADMINISTRATOR' | 'RULES_CHECK';

/**
 * What an event carries of the thing it is about, as it was when it was
 * published (a wallet, an app, a passkey): an open interface each module
 * extends beside its view's type (declaration merging, as `Services` and
 * `Database`), so the bus names no module (docs/architecture.md, "Layers").
 */
// biome-ignore lint/suspicious/noEmptyInterface: each module adds the view its events carry.
export interface EventSubjects {}

type EventFields = {
  at: number;
  accountId: string;
  actor: EventActor;
} & Partial<EventSubjects>;

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
  'ACCOUNT_SUSPENDED',
]);

export type AccountEvents = {
  publish(event: AccountEventMessage): void;
  /** The events of one account, until the iterator is returned. */
  subscribe(accountId: string): AsyncIterable<AccountEventMessage>;
  /** Every SIGNED_OUT, SESSION_REVOKED and ACCOUNT_SUSPENDED of every account: ends when `close()` is called. */
  subscribeSessionEnds(): AsyncIterable<AccountEventMessage>;
  /** Redis's state for /readyz: 'off' without REDIS_URL. */
  redisHealth(): RedisHealth;
  /** How many `subscribe` streams are open: the accountEvents subscriptions, for metrics. */
  activeSubscriptions(): number;
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
          subscriber: true,
        }),
      }
    : undefined;
  const pubSub = createPubSub<Topics>(
    clients ? { eventTarget: createLocalFirstRedisEventTarget({ ...clients, logger }) } : undefined,
  );
  const open = new Set<AsyncIterator<unknown>>();
  /** The subset of `open` that are accounts' streams (not the socket registry's). */
  const accountStreams = new Set<AsyncIterator<unknown>>();
  const track = <T>(
    iterable: AsyncIterable<T>,
    kind: 'account' | 'session-ends',
  ): AsyncIterable<T> => ({
    [Symbol.asyncIterator]() {
      const iterator = iterable[Symbol.asyncIterator]();
      open.add(iterator);
      if (kind === 'account') accountStreams.add(iterator);
      return {
        next: () => iterator.next(),
        return: async (value?: unknown) => {
          open.delete(iterator);
          accountStreams.delete(iterator);
          return (await iterator.return?.(value)) ?? { done: true, value: undefined };
        },
      };
    },
  });

  const endSubscriptions = async () => {
    const ending = [...open];
    await Promise.all(ending.map((iterator) => iterator.return?.()));
    // Ended here, their wrappers' return() is never called: forget them here too.
    for (const iterator of ending) {
      open.delete(iterator);
      accountStreams.delete(iterator);
    }
  };

  return {
    publish(event) {
      pubSub.publish('account-event', event.accountId, event);
      // Only what ends a session travels to every instance's socket registry: a
      // sign-in, the busiest event, would wake every one of them for nothing.
      if (SESSION_ENDING.has(event.type)) pubSub.publish('session-ended', event);
    },
    subscribe: (accountId) => track(pubSub.subscribe('account-event', accountId), 'account'),
    subscribeSessionEnds: () => track(pubSub.subscribe('session-ended'), 'session-ends'),
    redisHealth: () =>
      clients ? (clients.publishClient.status === 'ready' ? 'ok' : 'down') : 'off',
    activeSubscriptions: () => accountStreams.size,
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
