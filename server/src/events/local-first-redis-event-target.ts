import { randomUUID } from 'node:crypto';
import type { TypedEventTarget } from '@graphql-yoga/typed-event-target';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

export type LocalFirstRedisEventTargetParameters = {
  publishClient: Redis;
  subscribeClient: Redis;
  logger: Pick<Logger, 'warn'>;
};

type Envelope = { from: string; detail: unknown };

/**
 * An event target for Yoga's pub/sub that delivers every event to this
 * instance's own listeners at once and, through Redis, to every other
 * instance's.
 *
 * Why not `@graphql-yoga/redis-event-target`: it routes even an instance's
 * own events through Redis, so while Redis is down a sign-out here would not
 * close this instance's own sockets, and its publish and subscribe promises
 * are left unhandled, so a Redis outage ends the process (an unhandled
 * rejection). Here Redis failures are logged and dropped: events of this
 * instance keep flowing, other instances' resume when Redis returns (ioredis
 * reconnects and resubscribes by itself).
 */
export function createLocalFirstRedisEventTarget(
  p: LocalFirstRedisEventTargetParameters,
): TypedEventTarget<CustomEvent> {
  const instance = randomUUID();
  const local = new EventTarget();
  const topics = new Map<string, number>();
  const warn = (error: unknown, what: string) =>
    p.logger.warn({ err: error }, `redis ${what} failed: other instances miss this event`);

  p.subscribeClient.on('message', (topic: string, message: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      return;
    }
    // This instance's own events were delivered when they were published.
    if (envelope.from === instance) return;
    local.dispatchEvent(new CustomEvent(topic, { detail: envelope.detail }));
  });

  return {
    addEventListener(topic, listener) {
      if (listener == null) return;
      local.addEventListener(topic, listener as EventListener);
      const count = (topics.get(topic) ?? 0) + 1;
      topics.set(topic, count);
      if (count === 1) p.subscribeClient.subscribe(topic).catch((e) => warn(e, 'subscribe'));
    },
    removeEventListener(topic, listener) {
      if (listener == null) return;
      local.removeEventListener(topic, listener as EventListener);
      const count = (topics.get(topic) ?? 1) - 1;
      if (count > 0) {
        topics.set(topic, count);
        return;
      }
      topics.delete(topic);
      p.subscribeClient.unsubscribe(topic).catch((e) => warn(e, 'unsubscribe'));
    },
    dispatchEvent(event) {
      local.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
      const envelope: Envelope = { from: instance, detail: event.detail };
      p.publishClient
        .publish(event.type, JSON.stringify(envelope))
        .catch((e) => warn(e, 'publish'));
      return true;
    },
  };
}
