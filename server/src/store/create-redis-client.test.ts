import { once } from 'node:events';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { REDIS_URL, serviceAvailable } from '../../../testing/services.js';
import { createRedisClient } from './create-redis-client.js';

const ready = await serviceAvailable('Redis');
const logger = pino({ level: 'silent' });

describe.runIf(ready)('createRedisClient on the real Redis', () => {
  const clients: { quit(): Promise<unknown> }[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.quit().catch(() => undefined)));
  });

  it('keeps a subscription made between connecting and ready (the window a start-up subscription falls in)', async () => {
    const channel = `create-redis-client-test:${crypto.randomUUID()}`;
    const subscriber = createRedisClient(REDIS_URL, {
      logger,
      name: 'test subscriber',
      queueWhileDown: true,
      subscriber: true,
    });
    clients.push(subscriber);
    const errors: unknown[] = [];
    subscriber.on('error', (error) => errors.push(error));
    // 'connect' comes before ioredis's ready check: with the check on, this
    // SUBSCRIBE made the check's INFO fail and the subscription was lost.
    await once(subscriber, 'connect');
    await subscriber.subscribe(channel);
    const message = once(subscriber, 'message');

    const publisher = createRedisClient(REDIS_URL, { logger, name: 'test publisher' });
    clients.push(publisher);
    await once(publisher, 'ready');
    // Published only once Redis counts the subscriber, so nothing races the assertion.
    const [, subscribers] = (await publisher.pubsub('NUMSUB', channel)) as [string, number];
    expect(subscribers).toBe(1);
    await publisher.publish(channel, 'hello');

    expect(await message).toEqual([channel, 'hello']);
    expect(errors).toEqual([]);
  });
});
