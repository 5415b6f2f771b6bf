import { EventEmitter, on } from 'node:events';
import type { AddressInfo } from 'node:net';
import { buildSchema } from 'graphql';
// Renamed: it is graphql-ws's server for `ws`, not a React hook.
import { useServer as serveGraphqlWs } from 'graphql-ws/use/ws';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { createSubscriptionClient, type SubscriptionClient } from './create-subscription-client';

const schema = buildSchema(`
  type Query { ok: Boolean }
  type Subscription { ticks: Int! }
`);

/**
 * A real graphql-ws server on 127.0.0.1 that counts the connections it accepts
 * and the subscriptions it has started, and lets a test wait for either.
 */
function startServer() {
  const ticks = new EventEmitter();
  const counted = new EventEmitter();
  let connections = 0;
  let subscriptions = 0;
  const reaches = (event: 'connection' | 'subscription', count: () => number, n: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (count() < n) return;
        counted.off(event, check);
        resolve();
      };
      counted.on(event, check);
      check();
    });
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  serveGraphqlWs(
    {
      schema,
      roots: {
        subscription: {
          ticks: async function* () {
            const stream = on(ticks, 'tick');
            // Listening from here on: a tick emitted now reaches this subscriber.
            subscriptions += 1;
            counted.emit('subscription');
            for await (const [value] of stream) yield { ticks: value as number };
          },
        },
      },
      onConnect: () => {
        connections += 1;
        counted.emit('connection');
      },
    },
    wss,
  );
  return new Promise<{
    url: string;
    tick(value: number): void;
    connections(): number;
    /** Resolves once the server has accepted `n` connections in all. */
    connected(n: number): Promise<void>;
    /** Resolves once `n` subscriptions in all listen for ticks. */
    subscribed(n: number): Promise<void>;
    dropAll(): void;
    close(): Promise<void>;
  }>((resolve) => {
    wss.on('listening', () => {
      const { port } = wss.address() as AddressInfo;
      resolve({
        url: `ws://127.0.0.1:${port}/graphql`,
        tick: (value) => ticks.emit('tick', value),
        connections: () => connections,
        connected: (n) => reaches('connection', () => connections, n),
        subscribed: (n) => reaches('subscription', () => subscriptions, n),
        dropAll: () => {
          for (const socket of wss.clients) socket.close(4401, 'Unauthorized');
        },
        close: () =>
          new Promise((done) => {
            for (const socket of wss.clients) socket.terminate();
            wss.close(() => done());
          }),
      });
    });
  });
}

describe('createSubscriptionClient', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let subscriptions: SubscriptionClient;
  beforeEach(async () => {
    server = await startServer();
    subscriptions = createSubscriptionClient({ url: server.url });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await subscriptions.client.dispose();
    await server.close();
  });

  function subscribe() {
    const received: number[] = [];
    const arrivals = new EventEmitter();
    const unsubscribe = subscriptions.client.subscribe<{ ticks: number }>(
      { query: 'subscription { ticks }' },
      {
        next: ({ data }) => {
          if (!data) return;
          received.push(data.ticks);
          arrivals.emit('tick');
        },
        error: () => {},
        complete: () => {},
      },
    );
    /** Resolves once `value` has arrived. */
    const receives = (value: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!received.includes(value)) return;
          arrivals.off('tick', check);
          resolve();
        };
        arrivals.on('tick', check);
        check();
      });
    return { received, receives, unsubscribe };
  }

  it('opens no socket until something subscribes', async () => {
    let sockets = 0;
    const counting = class extends WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        sockets += 1;
      }
    };
    await subscriptions.client.dispose();
    vi.useFakeTimers();
    subscriptions = createSubscriptionClient({ url: server.url, webSocketImpl: counting });
    subscriptions.restart();
    // Everything creating the client and restarting it set going has run: its
    // promises, and its timers on the fake clock.
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    expect(sockets).toBe(0);
    // The count is of real sockets: a subscription opens one.
    subscribe();
    await server.connected(1);
    expect(sockets).toBe(1);
  });

  it('reopens the socket on restart, at once, and the subscription carries on over the new one', async () => {
    const { receives } = subscribe();
    await server.subscribed(1);
    // On a fake clock graphql-ws's reconnect backoff (1 s and more) never ends:
    // a socket that reopens now is one that did not wait for it.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    subscriptions.restart();
    await server.connected(2);
    vi.useRealTimers();
    await server.subscribed(2);
    server.tick(7);
    await receives(7);
  });

  it('tells its listeners when the socket closes', async () => {
    const closed = new Promise<void>((resolve) => subscriptions.onClosed(resolve));
    subscribe();
    await server.connected(1);
    server.dropAll();
    await closed;
  });
});
